#include "notation/touch_text.h"

#include "laws/rules.h"
#include "notation/move_text.h"
#include "util/text.h"

namespace jadoube {

namespace {

using Err = std::unexpected<ReadError>;

std::string lang_piece(const Position& pos, Square s, Form form, Lang lang) {
    return std::string(piece_word(is_ok(s) ? type_of(pos.piece_on(s)) : NO_PIECE_TYPE, form, lang));
}

// "a or b", "a, b or c" in the language's words.
std::string choice_text(const MoveSet& moves, const Position& pos, Lang lang) {
    std::string s;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i > 0) s += i + 1 == moves.size() ? std::string(phrase(Case::Or, lang)) : std::string(", ");
        s += to_uci(moves[i], pos);
    }
    return s;
}

} // namespace

std::optional<Square> read_square(std::string_view t) {
    if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') return std::nullopt;
    return make_square(File(t[0] - 'a'), Rank(t[1] - '1'));
}

bool is_board_event(std::string_view c) { return c == "touch" || c == "adjust" || c == "release" || c == "promote"; }

std::expected<BoardEvent, ReadError> read_board_event(std::string_view command, std::span<const std::string_view> args) {
    const std::string event(command);
    const auto squares = [&]() -> std::expected<std::vector<Square>, ReadError> {
        std::vector<Square> out;
        for (std::string_view a : args) {
            const auto s = read_square(a);
            if (!s) return Err(ReadError{Case::ErrBadSquare, event, text::quoted(a), {}, {}});
            out.push_back(*s);
        }
        return out;
    };
    if (command == "touch" || command == "adjust") {
        if (args.empty()) return Err(ReadError{Case::ErrSquaresExpected, event, {}, {}, {}});
        auto sq = squares();
        if (!sq) return Err(sq.error());
        if (command == "touch") return TouchEvent{std::move(*sq)};
        return AdjustEvent{std::move(*sq)};
    }
    if (command == "release") {
        if (args.size() != 2) return Err(ReadError{Case::ErrReleaseArgs, event, {}, {}, {}});
        auto sq = squares();
        if (!sq) return Err(sq.error());
        return ReleaseEvent{(*sq)[0], (*sq)[1]};
    }
    if (command == "promote") {
        if (args.size() != 1 || args[0].size() != 1) return Err(ReadError{Case::ErrPromoteArgs, event, {}, {}, {}});
        switch (args[0][0] | 0x20) {
        case 'q': return PromoteEvent{QUEEN};
        case 'r': return PromoteEvent{ROOK};
        case 'b': return PromoteEvent{BISHOP};
        case 'n': return PromoteEvent{KNIGHT};
        default: return Err(ReadError{Case::ErrPromoteArgs, event, {}, {}, {}});
        }
    }
    return Err(ReadError{Case::ErrUnknownEvent, event, text::quoted(command), {}, {}});
}

std::string render(const ReadError& e, Lang lang) {
    return fill(phrase(e.c, lang), {{"event", e.event}, {"token", e.token}, {"fen", e.fen}, {"why", e.why}});
}

std::string render(const EventError& e, Lang lang) {
    const Case c = e.kind == EventErrorKind::NoLegalMove   ? Case::ErrNoLegalMove
                   : e.kind == EventErrorKind::NoPiece     ? Case::ErrNoPiece
                   : e.kind == EventErrorKind::Unreachable ? Case::ErrUnreachable
                                                           : Case::ErrNoPromotion;
    const PieceType pt = e.piece != NO_PIECE ? type_of(e.piece) : NO_PIECE_TYPE;
    return fill(phrase(c, lang), {{"square", square_name(e.square)},
                                  {"to", square_name(e.to)},
                                  {"piece", piece_word(pt, Form::Nominative, lang)},
                                  {"piece_acc", piece_word(pt, Form::Accusative, lang)}});
}

std::string moves_text(const MoveSet& moves, const Position& pos) {
    std::string s;
    for (Move m : moves) {
        if (!s.empty()) s += ' ';
        s += to_uci(m, pos);
    }
    return s;
}

std::string reason_text(const Obligation& ob, const Position& pos, Lang lang) {
    const std::string promo(piece_word(ob.promotion, Form::Nominative, lang));
    std::string s = fill(phrase(ob.article, case_of(ob.basis), lang),
                         {{"piece", lang_piece(pos, ob.piece, Form::Nominative, lang)},
                          {"piece_acc", lang_piece(pos, ob.piece, Form::Accusative, lang)},
                          {"square", square_name(ob.piece)},
                          {"target", lang_piece(pos, ob.target, Form::Nominative, lang)},
                          {"target_acc", lang_piece(pos, ob.target, Form::Accusative, lang)},
                          {"tsquare", square_name(ob.target)},
                          {"rook", square_name(ob.rook)},
                          {"to", square_name(ob.to)},
                          {"promo", promo}});
    if (ob.promotion != NO_PIECE_TYPE && ob.basis != Basis::Promotion)
        s += fill(phrase(Case::PromotionChosen, lang), {{"promo", promo}});
    return s;
}

std::string render(const Ruling& r, Lang lang) {
    const std::string side(side_word(r.side, lang));
    switch (r.kind) {
    case RulingKind::Ok: return std::string(phrase(Case::Ok, lang));
    case RulingKind::ReleaseVoid: {
        const PieceType pt = type_of(r.error.piece);
        return fill(phrase(Case::ReleaseVoid, lang), {{"piece", piece_word(pt, Form::Nominative, lang)},
                                                      {"piece_acc", piece_word(pt, Form::Accusative, lang)},
                                                      {"square", square_name(r.error.square)},
                                                      {"to", square_name(r.error.to)}});
    }
    case RulingKind::Violation:
        return fill(phrase(Case::Violation, lang), {{"article", article_number(r.obligation.article)},
                                                    {"reason", reason_text(r.obligation, r.at, lang)},
                                                    {"moves", moves_text(r.obligation.moves, r.at)}});
    case RulingKind::Upheld:
        return fill(phrase(Case::Upheld, lang),
                    {{"move", to_uci(r.move, r.at)}, {"side", side}, {"moves", choice_text(r.obligation.moves, r.at, lang)}});
    case RulingKind::RejectedTouched: return fill(phrase(Article::A4_8, Case::RejectedTouched, lang), {{"side", side}});
    case RulingKind::RejectedNoRule: return std::string(phrase(Case::RejectedNoRule, lang));
    case RulingKind::RejectedNoMove: return std::string(phrase(Case::RejectedNoMove, lang));
    case RulingKind::FlagLost:
        return fill(phrase(Case::FlagLost, lang),
                    {{"side", side}, {"opponent", side_word(~r.side, lang)}, {"result", r.side == WHITE ? "0-1" : "1-0"}});
    case RulingKind::FlagDrawn:
        return fill(phrase(Case::FlagDrawn, lang),
                    {{"side", side}, {"opponent", side_word(~r.side, lang)}, {"proof", proof_word(r.proof, lang)}});
    case RulingKind::FlagAfterEnd: {
        const laws::StateText& t = laws::state_text(r.ended);
        return fill(phrase(Case::FlagAfterEnd, lang),
                    {{"article", t.article}, {"result", laws::result(r.ended, r.at.side_to_move())}});
    }
    }
    return {};
}

std::string obligation_line(const Obligation& ob, const Position& pos) {
    std::string s = "info string touchmove article " + std::string(article_number(ob.article)) + " moves";
    for (Move m : ob.moves) s += ' ' + to_uci(m, pos);
    return s + '\n';
}

std::string touch_display(const TouchMove& t, const Position& pos) {
    const auto squares = [](std::span<const Square> list) {
        std::string s;
        for (Square sq : list) s += ' ' + square_name(sq);
        return s;
    };
    const Obligation ob = t.obligation();
    std::string s = "Touched:" + squares(t.touched()) + '\n';
    s += "Adjusted:" + squares(t.adjusted()) + '\n';
    s += "Released:";
    if (t.released()) s += ' ' + square_name(t.release_from()) + ' ' + square_name(t.release_to());
    s += "\nPromotion:";
    if (t.promotion() != NO_PIECE_TYPE) s += ' ', s += " pnbrqk"[t.promotion()];
    s += "\nObligation: " + std::string(article_number(ob.article));
    for (Move m : ob.moves) s += ' ' + to_uci(m, pos);
    s += "\nReason: " + reason_text(ob, pos, Lang::En) + '\n';
    return s;
}

} // namespace jadoube
