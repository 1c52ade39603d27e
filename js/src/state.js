// The view state Python publishes: the JSDoc mirror of `ViewState` in src/bgwidget/viewstate.py
// (tests/test_viewstate.py keeps the two key lists equal). Every point is in board numbering:
// 1..24 from the bottom player's (seat 0's) side, "bar" and "off", as the data-point hooks are.
// Mover numbering appears only inside notation text (`plays`, `last_play.text`, a hint's `text`).

/** @typedef {number | "bar" | "off"} Place */

/** @typedef {{points: number[], bar: number[], off: number[]}} Board
 * points[d - 1]: +n for n checkers of seat 0 on point d, -n for seat 1's; bar and off: [seat 0, seat 1]. */

/** @typedef {{to: Place, dice: number[]}} Target  the dice a step uses, in order */

/** @typedef {[Place, Place, boolean]} Step  [from, to, hit] */

/**
 * @typedef {object} Cube
 * @property {number} value
 * @property {number | null} owner
 * @property {boolean} offered
 * @property {number | null} offered_value
 * @property {boolean} disabled
 */

/**
 * What the person at the board may do now.
 * @typedef {object} Can
 * @property {boolean} roll
 * @property {boolean} move
 * @property {boolean} double
 * @property {boolean} take
 * @property {boolean} pass
 * @property {boolean} undo
 * @property {boolean} done
 * @property {boolean} resign
 * @property {boolean} new_game
 * @property {boolean} hint
 * @property {boolean} edit
 * @property {boolean} review  a review of the match may start
 * @property {boolean} export  the game may be saved as a file (JSON, .mat)
 */

/**
 * @typedef {object} LastPlay
 * @property {number} seat
 * @property {string} text
 * @property {Step[]} steps
 * @property {Board} before
 */

/**
 * A refused intent, for the board to say why next to the checker.
 * @typedef {object} Refused
 * @property {string} reason  the rule ("point-held", "bar-first", ...; "invalid" for a malformed intent)
 * @property {string} text  its sentence in the board's language
 * @property {Place | null} point  where to show it: the checker the intent tried to move
 */

/**
 * The Expert's advice: {kind: "plays", seat, before, candidates: [{text, equity, emg, mwc, error,
 * ply, win, gammon, steps, rollout}]} best first (ranked by emg: normalised equity in a match, cubeful equity
 * in money play; mwc the match winning chance after the play, null in money play; ply the depth the
 * search took the play to, GNU Backgammon's numbering: the plays the move filter kept at 1-ply
 * come first, the others after at 0-ply), or {kind: "cube", action, double, take, too_good, beaver, reason,
 * no_double, double_take, double_pass, match_play}.
 * @typedef {object} Hint
 */

/**
 * A line of the game's record as a .mat file numbers it: [seat 1's cell, seat 0's cell].
 * @typedef {{number: number, cells: string[]}} RecordLine
 */

/**
 * Review mode's decision shown: index, count, errors, complete, game (1-based), move, seat, kind
 * ("play", "double", "take"), dice, made, best, error, mark, forced, luck, luck_mark, mwc,
 * best_steps (the best play's steps, drawn dashed) and text (the decision in words).
 * @typedef {object} Review
 */

/**
 * @typedef {object} ViewState
 * @property {number[]} points
 * @property {number[]} bar
 * @property {number[]} off
 * @property {number[]} pips
 * @property {number[]} point_labels the number shown at board points 1..24: the person's own numbering
 * @property {number} turn  the seat to act (in set-up mode: the side on roll)
 * @property {string} phase  opening, roll, move, cube, game-over, match-over
 * @property {number[]} dice
 * @property {number[]} dice_left
 * @property {{seat: number, dice: number[]} | null} last_roll
 * @property {Object<string, Target[]>} steps  String(place) of a checker that may move -> its targets
 * @property {Place[]} movable  the places whose top checker may move now
 * @property {string[]} plays
 * @property {Step[]} moved
 * @property {Cube} cube
 * @property {Can} can
 * @property {number[]} score
 * @property {number} match_length
 * @property {boolean} crawford
 * @property {string[]} names
 * @property {string[]} players
 * @property {boolean[]} human
 * @property {boolean} thinking
 * @property {boolean} edit
 * @property {string} position_id
 * @property {string} message
 * @property {string} refused
 * @property {Refused | null} refusal  the refusal to show next to its checker
 * @property {boolean} teaching  the board explains its refusals (BoardWidget(teaching=True))
 * @property {boolean} tools  Hint, Resign, Set up, Review, exports and the record offered (false: an exercise's board)
 * @property {string} status  the status line, worded by Python in the board's language
 * @property {Hint | null} hint
 * @property {{winner: number, points: number, how: string, kind: string, text: string} | null} result
 * @property {number | null} match_winner
 * @property {string} language
 * @property {number} animation
 * @property {LastPlay | null} last_play
 * @property {RecordLine[]} record  the game's plays and cube actions so far
 * @property {boolean} reviewing  the match is being reviewed
 * @property {{done: number, total: number} | null} review_progress  turns reviewed of the turns in all;
 *   null before the review's first turn or when none runs
 * @property {Review | null} review  review mode's decision shown; null while the game is shown
 * @property {number} revision
 */

export {};
