#include "datagen/datagen.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

#include "board/movegen.h"
#include "datagen/format.h"
#include "engine/engine.h"
#include "laws/rules.h"
#include "util/random.h"

namespace jadoube::datagen {

namespace {

using Rng = SplitMix64; // per-game streams that do not depend on the thread count

// The engine's position searched to a node budget (and a depth, 0: none); no game
// policy: the game ends where game_over() says.
Thought search(Engine& engine, std::uint64_t nodes, int depth) {
    SearchLimits limits;
    limits.nodes = nodes;
    limits.depth = depth;
    return engine.think(limits);
}

constexpr int MateBound = 31000; // beyond this the search reports a forced mate

struct PlayedGame {
    std::vector<std::uint8_t> bytes;
    Outcome outcome = Outcome::Draw;
    std::uint64_t positions = 0, filtered = 0, nodes = 0, openingsDropped = 0;
    bool adjudicated = false;
};

class Generator {
public:
    explicit Generator(const Config& c) : config_(c) {}

    // One game, deterministic in (seed, index). nullopt when no opening could be found.
    std::optional<PlayedGame> play(std::uint64_t index, Engine& engine) {
        // The state is an output, not the sum itself: SplitMix64 steps its state by
        // 0x9E3779B97F4A7C15, so summed states made game i + 1 replay game i's stream
        // one draw later, and an opening game i dropped came back as a later game's.
        Rng rng{Rng{config_.seed * 0x2545F4914F6CDD1DULL + index * 0x9E3779B97F4A7C15ULL}.next()};
        PlayedGame game;
        std::optional<Position> start;
        for (int attempt = 0; attempt < 1000 && !start; ++attempt) {
            start = opening(rng);
            if (!start) continue;
            engine.new_game();
            engine.set_position(*start);
            const Thought v = search(engine, config_.verifyNodes, 10);
            game.nodes += v.nodes;
            if (std::abs(v.score) > config_.openingScoreLimit) {
                ++game.openingsDropped;
                start.reset();
            }
        }
        if (!start) return std::nullopt;
        if (config_.openingsOnly) {
            const std::string line = start->fen(CastlingNotation::XFen) + '\n'; // X-FEN: what match runners read
            game.bytes.assign(line.begin(), line.end());
            game.positions = 1;
            return game;
        }

        // Replayed from its packed form, so that the search sees exactly the
        // position the file holds (no pre-history from the random plies).
        auto replay = unpack_board(pack_board(*start, 0, Outcome::Draw));
        if (!replay) return std::nullopt;
        engine.new_game();
        engine.set_position(*replay);
        const Position& pos = engine.position();

        GameRecord record;
        record.start(pos);
        int winStreak = 0, drawStreak = 0;
        std::optional<Outcome> result;
        while (!result) {
            result = game_over(pos);
            if (result) break;
            if (int(record.plies()) >= config_.maxPlies) {
                result = Outcome::Draw;
                break;
            }
            const Thought r = search(engine, config_.nodes, 0);
            game.nodes += r.nodes;
            if (!r.best) break; // cannot happen with legal moves; ends the game as a draw
            const int white = pos.side_to_move() == WHITE ? r.score : -r.score;
            record.push(r.best, white);
            ++game.positions;
            game.filtered += pos.checkers() || pos.is_capture(r.best) || r.best.kind() == PROMOTION;

            if (std::abs(white) >= MateBound) {
                result = white > 0 ? Outcome::WhiteWin : Outcome::BlackWin;
                game.adjudicated = true;
                break;
            }
            if (std::abs(white) >= config_.winScore) {
                winStreak = (winStreak != 0 && (winStreak > 0) == (white > 0)) ? winStreak + (white > 0 ? 1 : -1)
                                                                               : (white > 0 ? 1 : -1);
                if (std::abs(winStreak) >= config_.winPlies) {
                    result = winStreak > 0 ? Outcome::WhiteWin : Outcome::BlackWin;
                    game.adjudicated = true;
                    break;
                }
            } else winStreak = 0;
            if (pos.game_ply() >= config_.drawMinPly && std::abs(white) <= config_.drawScore) {
                if (++drawStreak >= config_.drawPlies) {
                    result = Outcome::Draw;
                    game.adjudicated = true;
                    break;
                }
            } else drawStreak = 0;
            engine.play(r.best);
        }
        game.outcome = result.value_or(Outcome::Draw);
        record.write(game.bytes, game.outcome);
        return game;
    }

private:
    // A book line, the start position or a Chess960 start array, then the random
    // plies; nullopt when the result is already over (no legal move, or drawn).
    std::optional<Position> opening(Rng& rng) {
        Position pos;
        if (!config_.book.empty()) {
            const Opening& o = config_.book[rng.below(config_.book.size())];
            if (!pos.set(o.fen, o.chess960)) return std::nullopt;
        } else if (config_.chess960) {
            if (!pos.set(chess960_start_fen(int(rng.below(960))), true)) return std::nullopt;
        }
        const int plies = config_.randomPlies > 0 ? config_.randomPlies + int(rng.next() >> 63) : 0;
        for (int i = 0; i < plies; ++i) {
            const MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) return std::nullopt;
            pos.do_move(*(moves.begin() + rng.below(moves.size())));
        }
        if (game_over(pos)) return std::nullopt;
        return pos;
    }

    const Config& config_;
};

} // namespace

std::optional<Outcome> game_over(const Position& pos) {
    const laws::GameState state = laws::game_state(pos);
    if (state == laws::GameState::Ongoing) return std::nullopt;
    if (state == laws::GameState::Checkmate) return pos.side_to_move() == WHITE ? Outcome::BlackWin : Outcome::WhiteWin;
    return Outcome::Draw;
}

std::expected<Stats, std::string> run(const Config& config, const std::function<void(const Stats&)>& progress) {
    using Err = std::unexpected<std::string>;
    if (config.threads < 1) return Err("threads must be at least 1");
    if (config.games == 0 && config.positions == 0) return Err("give a number of games or of positions");
    for (std::size_t i = 0; i < config.book.size(); ++i)
        if (Position p; !p.set(config.book[i].fen, config.book[i].chess960))
            return Err("book opening " + std::to_string(i + 1) + " has a bad FEN: " + config.book[i].fen);

    std::ofstream out(config.output, std::ios::binary | std::ios::trunc);
    if (!out) return Err("cannot create " + config.output);

    Generator gen(config);
    std::mutex mutex; // guards out, stats, error
    std::condition_variable cv;
    Stats stats;
    std::string error;
    std::atomic<std::uint64_t> nextGame{0};
    std::atomic<std::uint64_t> written{0};
    std::atomic<int> running{config.threads};
    const auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };

    auto worker = [&] {
        Engine engine; // one line, the default overhead, full strength
        engine.set_eval(config.eval);
        if (auto ok = engine.set_hash(std::size_t(config.hashMiB)); !ok) {
            std::lock_guard lock(mutex);
            error = "hash: " + ok.error();
        }
        while (true) {
            {
                std::lock_guard lock(mutex);
                if (!error.empty()) break;
            }
            if (config.positions && written.load() >= config.positions) break;
            const std::uint64_t index = nextGame.fetch_add(1);
            if (config.games && index >= config.games) break;
            auto game = gen.play(index, engine);
            std::lock_guard lock(mutex);
            if (!game) {
                error = "no playable opening found after 1000 tries (book or opening score limit too strict?)";
                break;
            }
            out.write(reinterpret_cast<const char*>(game->bytes.data()), std::streamsize(game->bytes.size()));
            if (!out) {
                error = "writing " + config.output + " failed";
                break;
            }
            ++stats.games;
            stats.positions += game->positions;
            stats.filteredPositions += game->filtered;
            stats.openingsDropped += game->openingsDropped;
            stats.nodes += game->nodes;
            stats.bytes += game->bytes.size();
            (game->outcome == Outcome::WhiteWin   ? stats.whiteWins
             : game->outcome == Outcome::BlackWin ? stats.blackWins
                                                  : stats.draws)++;
            if (game->adjudicated) (game->outcome == Outcome::Draw ? stats.adjudicatedDraws : stats.adjudicatedWins)++;
            written.fetch_add(game->positions);
        }
        if (--running == 0) cv.notify_all();
    };

    std::vector<std::thread> threads;
    for (int i = 0; i < config.threads; ++i) threads.emplace_back(worker);
    {
        std::unique_lock lock(mutex);
        while (running.load() > 0) {
            cv.wait_for(lock, std::chrono::seconds(1), [&] { return running.load() == 0; });
            out.flush();
            stats.seconds = elapsed();
            if (progress && running.load() > 0) progress(stats);
        }
    }
    for (auto& t : threads) t.join();
    out.close();
    stats.seconds = elapsed();
    if (!error.empty()) return Err(error);
    if (!out) return Err("closing " + config.output + " failed");
    return stats;
}

} // namespace jadoube::datagen
