// The search's tuning numbers, all in one list: pruning margins, reductions,
// extensions, history and time-management factors. Each entry is
//   X(Name, default, min, max, "what it is")
// where [min, max] is the range a tuner (SPSA) may explore. Factors that are
// fractions in the formulas are written here as integers scaled by 100 (x100),
// so that a tuner works on integers; at the defaults the formulas give exactly
// the numbers they gave before the names (bench unchanged).
//
// Normal builds make every entry an `inline constexpr int`, so the compiler sees
// plain literals. A build configured with -DJADOUBE_TUNE=ON (CMakeLists.txt)
// makes them mutable `inline int`s and lists them in tunable_params(), which the
// UCI layer offers as spin options for tuning runs.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#define JADOUBE_SEARCH_PARAMS(X)                                                                                                 \
    /* Late move reductions: table[d][m] = LmrBase/100 + ln(d) ln(m) / (LmrDivisor/100). */                                      \
    X(LmrBase, 75, 0, 200, "x100: reduction every late move gets before the log term")                                           \
    X(LmrDivisor, 225, 100, 400, "x100: the log-log product is divided by this; larger = gentler reductions")                    \
    X(LmrHistoryDiv, 8192, 2048, 32768, "quiet history per ply of reduction taken off (or added)")                               \
    X(LmrMinDepth, 2, 1, 6, "shallowest node whose late moves are searched reduced first")                                       \
    X(LmrDeeperMargin, 50, 0, 200, "a reduced move beating the best score by this (+ the next term) is re-searched deeper")      \
    X(LmrDeeperPerDepth, 2, 0, 8, "... plus this per ply of depth; one beating it by less than the depth, a ply shallower")      \
    /* Reverse futility pruning. */                                                                                              \
    X(RfpMaxDepth, 8, 2, 14, "deepest node where static eval above beta returns at once")                                        \
    X(RfpMargin, 80, 20, 200, "eval must exceed beta by this per ply of depth (one ply less when improving)")                    \
    /* Null-move pruning. */                                                                                                     \
    X(NmpMinDepth, 3, 1, 6, "shallowest node that tries a null move")                                                            \
    X(NmpEvalBase, 160, 0, 400, "static eval must be this much above beta to try a null move at depth 0 ...")                    \
    X(NmpEvalPerDepth, 20, 0, 60, "... less this per ply of depth")                                                              \
    X(NmpBaseR, 3, 1, 5, "null-move reduction before the depth and eval terms")                                                  \
    X(NmpDepthDiv, 4, 2, 8, "one more ply of reduction per this many plies of depth")                                            \
    X(NmpEvalDiv, 200, 50, 600, "one more ply of reduction per this much eval above beta ...")                                   \
    X(NmpEvalMaxR, 3, 0, 6, "... up to this many plies")                                                                         \
    X(NmpVerifyDepth, 12, 6, 20, "from this depth a null-move cutoff is verified by a normal search (zugzwang)")                 \
    /* Internal iterative reduction. */                                                                                          \
    X(IirMinDepth, 4, 2, 10, "PV and cut nodes without a hash move lose a ply from this depth")                                  \
    /* Move-loop pruning at shallow depth. */                                                                                    \
    X(LmpBase, 3, 0, 10, "late move pruning: quiets stop after (LmpBase + depth^2) / (LmpDivisor - improving) moves")            \
    X(LmpDivisor, 2, 2, 4, "see LmpBase; must stay above 1 (improving subtracts one)")                                           \
    X(FutilityMaxDepth, 8, 2, 14, "deepest reduced depth where futility pruning applies")                                        \
    X(FutilityBase, 120, 0, 400, "futility margin at reduced depth 0 ...")                                                       \
    X(FutilityPerDepth, 100, 20, 300, "... plus this per ply of reduced depth")                                                  \
    X(SeeQuietMargin, 25, 0, 100, "quiets losing more than this x reduced depth^2 in SEE are skipped")                           \
    X(SeeTacticalMaxDepth, 8, 2, 14, "deepest node where losing captures/checks are pruned by SEE")                              \
    X(SeeTacticalMargin, 90, 20, 300, "captures/checks losing more than this x depth in SEE are skipped")                        \
    /* Singular extensions. */                                                                                                   \
    X(SingularMinDepth, 8, 4, 14, "shallowest node that tests the hash move for singularity")                                    \
    X(SingularTtDepthLag, 3, 1, 6, "the hash entry may be this many plies shallower than the node")                              \
    X(SingularMarginPerDepth, 2, 1, 6, "singular beta is the hash score less this per ply of depth")                             \
    X(SingularDepthDiv, 2, 1, 4, "the search without the hash move goes to (depth - 1) / this")                                  \
    X(SingularDoubleMargin, 20, 0, 100, "a non-PV move singular by more than this is extended twice")                            \
    X(ExtensionPlyFactor, 2, 1, 4, "no extensions beyond this many times the root depth in plies")                               \
    /* Quiescence. */                                                                                                            \
    X(QsDeltaMargin, 200, 0, 600, "delta pruning: eval + victim + this must reach alpha")                                        \
    X(QsEvasionLimit, 3, 1, 10, "quiet evasions tried once one has kept us from being mated")                                    \
    /* History. */                                                                                                               \
    X(HistoryBonusQuad, 16, 0, 64, "history bonus: HistoryBonusQuad x depth^2 ...")                                              \
    X(HistoryBonusLinear, 32, 0, 128, "... + HistoryBonusLinear x depth ...")                                                    \
    X(HistoryBonusMax, 1600, 400, 4000, "... capped at this")                                                                    \
    X(HistoryMax, 16384, 4096, 32767, "history entries stay within +-this; gravity divisor (int16 storage)")                     \
    X(CaptHistOrderDiv, 8, 1, 32, "capture history is divided by this before it joins MVV in capture ordering")                  \
    X(MvvWeight, 16, 1, 64, "victim value weight in capture ordering")                                                           \
    /* Aspiration windows. */                                                                                                    \
    X(AspMinDepth, 4, 1, 10, "first root depth searched with a window around the last score")                                    \
    X(AspDelta, 15, 5, 60, "initial half-width of the window")                                                                   \
    X(AspGrowthPct, 50, 10, 200, "the half-width grows by this percent after each fail")                                         \
    /* Time management (soft limit scaling, per iteration). */                                                                   \
    X(TmStableDepths, 6, 2, 12, "root depths without a best-move change that count as settled ...")                              \
    X(TmStableScale, 60, 20, 100, "x100: ... and scale the soft limit by this")                                                  \
    X(TmSettlingDepths, 3, 1, 8, "root depths without a change that count as settling ...")                                      \
    X(TmSettlingScale, 85, 40, 120, "x100: ... and scale the soft limit by this")                                                \
    X(TmUnstableScale, 130, 80, 250, "x100: soft limit scale while the best move keeps changing")                                \
    X(TmDropMargin, 30, 5, 100, "a score drop of more than this since the last iteration ...")                                   \
    X(TmDropScale, 130, 100, 250, "x100: ... scales the soft limit by this")                                                     \
    X(TmNodeBase, 150, 100, 250, "x100: soft limit scale (TmNodeBase - best move's share of the nodes) ...")                     \
    X(TmNodeScale, 135, 50, 250, "x100: ... times this: less time when the best move took most of the search")                   \
    /* Time management (the budget, timeman.cpp). */                                                                             \
    X(TmReserveDiv, 20, 5, 100, "reserve for lag: this fraction (1/n) of the clock ...")                                         \
    X(TmReserveMax, 50, 0, 500, "... up to this many ms, beyond Move Overhead")                                                  \
    X(TmMovesToGoCap, 40, 10, 80, "a movestogo above this plans as this")                                                        \
    X(TmMovesLeftBase, 45, 20, 80, "sudden death: moves left planned is this less gamePly / TmMovesLeftPlyDiv ...")              \
    X(TmMovesLeftPlyDiv, 4, 1, 10, "... see TmMovesLeftBase")                                                                    \
    X(TmMovesLeftMin, 20, 5, 40, "... but never fewer than this")                                                                \
    X(TmIncPct, 75, 0, 100, "percent of the increment added to the soft limit")                                                  \
    X(TmHardDiv, 4, 1, 10, "hard limit: this fraction (1/n) of the usable time plus the increment ...")                          \
    X(TmHardSoftRatio, 5, 1, 10, "... and at most this many soft limits")                                                        \
    /* Transposition table replacement and Lazy SMP. */                                                                          \
    X(TtKeepDepthMargin, 4, 0, 10, "a non-exact store keeps a same-key entry of this generation over this much deeper")          \
    X(TtAgeWeight, 8, 1, 32, "replacement worth: depth less this per generation of age")                                         \
    X(VoteScoreOffset, 14, 1, 100, "Lazy SMP vote weight: (score - worst score + this) x depth")

namespace jadoube::params {

#define JADOUBE_CHECK_RANGE(name, def, lo, hi, why) static_assert((lo) <= (def) && (def) <= (hi), #name " default out of range");
JADOUBE_SEARCH_PARAMS(JADOUBE_CHECK_RANGE)
#undef JADOUBE_CHECK_RANGE

#ifdef JADOUBE_TUNE
#define JADOUBE_DEFINE_PARAM(name, def, lo, hi, why) inline int name = def;
#else
#define JADOUBE_DEFINE_PARAM(name, def, lo, hi, why) inline constexpr int name = def;
#endif
JADOUBE_SEARCH_PARAMS(JADOUBE_DEFINE_PARAM)
#undef JADOUBE_DEFINE_PARAM

// Protocol and bookkeeping constants: named, but not for tuning.
inline constexpr std::int64_t ReportAfterMs = 3000; // currmove and fail-high/low lines only in searches longer than this
inline constexpr std::uint64_t TimeCheckNodes = 1024; // the main worker reads the clock once per this many nodes

struct TunableParam {
    std::string_view name;
    int* value;
    int defaultValue, min, max;
};

// Every tunable parameter; empty unless built with JADOUBE_TUNE (the UCI layer
// lists them as spin options and sets them by name).
std::span<const TunableParam> tunable_params();

// The parameter of that name (case-insensitive, as UCI option names are), or null.
const TunableParam* find_tunable(std::string_view name);

// Sets p to value (the caller has checked it is within p's range) and recomputes
// what is derived from the parameters (the LMR table). Only while no search runs.
void set_tunable(const TunableParam& p, int value);

} // namespace jadoube::params
