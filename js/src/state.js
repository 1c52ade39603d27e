// The view state Python publishes: the JSDoc mirror of the TypedDicts in src/bgwidget/viewstate.py,
// one `@typedef {object}` per TypedDict with one `@property` per key, in Python's order (a Python
// test compares the two). Every point is in board numbering: 1..24 from the bottom player's
// (seat 0's) side, "bar" and "off", as the data-point hooks are. Mover numbering appears only
// inside notation text (`plays`, `last_play.text`, a hint's `text`).

/** @typedef {number | "bar" | "off"} Place */

/** @typedef {[number | "bar", number | "off", boolean]} Step  [from, to, hit]: from a point or the bar, to a point or off */

/**
 * The checkers: points[d - 1] is +n for n checkers of seat 0 on point d, -n for seat 1's.
 * @typedef {object} Board
 * @property {number[]} points
 * @property {number[]} bar  [seat 0, seat 1]
 * @property {number[]} off  [seat 0, seat 1]
 */

/**
 * @typedef {object} Target
 * @property {Place} to
 * @property {number[]} dice  the dice the step uses, in order (several: one checker moved on)
 */

/**
 * @typedef {object} Cube
 * @property {number} value  the cube's value now
 * @property {number | null} owner  the seat owning it, null while centred
 * @property {boolean} offered  a double (or beaver, raccoon) waits for an answer by `turn`
 * @property {number | null} offered_value  the value on offer, null when nothing is offered
 * @property {boolean} disabled  no cube at all (a 1-point match, or money play without a cube)
 */

/**
 * What the person at the board may do now: one flag per button, and `move` for the checkers.
 * @typedef {object} Can
 * @property {boolean} roll
 * @property {boolean} move
 * @property {boolean} double
 * @property {boolean} take
 * @property {boolean} pass
 * @property {boolean} beaver  money play with beavers: take the double and redouble at once
 * @property {boolean} raccoon  answer a beaver by redoubling at once
 * @property {boolean} accept  accept the resignation offered (one restored from a save)
 * @property {boolean} decline  decline it: play goes on
 * @property {boolean} undo
 * @property {boolean} done
 * @property {boolean} resign
 * @property {boolean} new_game
 * @property {boolean} hint
 * @property {boolean} edit
 * @property {boolean} review  a review of the match may start
 * @property {boolean} export  the game may be saved as a file (JSON, .mat)
 * @property {boolean} replay  the match may be stepped through (its game is over)
 */

/**
 * A line of the game's record as a .mat file numbers it.
 * @typedef {object} RecordLine
 * @property {number} number
 * @property {string[]} cells  [seat 1's, seat 0's]: "52: 13/8 13/11", "Doubles to 2"...
 */

/**
 * The stop of a replay shown: the board draws the match as it stood there (`record` holds the
 * whole game shown). A stop is a game's start, or the moment after one of its actions.
 * @typedef {object} ReplayView
 * @property {number} game  1-based
 * @property {number} games  how many games the match has
 * @property {number} actions  the game's record entries played at this stop
 * @property {number} index  the stop, 0-based, among all the match's (Previous and Next go on to the games before and after)
 * @property {number} count  how many stops
 * @property {number} step  the stop, 0-based, among the game's (First and Last go to its ends)
 * @property {number} steps  how many stops the game has
 * @property {boolean} start  the first stop of the game shown
 * @property {boolean} end  its last stop
 * @property {number} line  the record line of the last action shown (its `number`), 0 before the first
 * @property {number[][]} lines  each record line's cells [seat 1's, seat 0's]: the actions at the stop after it, 0 for none
 * @property {string} text  where the replay stands, in the board's language
 */

/**
 * How far the review running is: `done` of `total` turns (the match's plays and dances).
 * @typedef {object} ReviewProgress
 * @property {number} done
 * @property {number} total
 */

/**
 * Work in the kernel that can take over half a second, shown while it runs.
 * @typedef {object} Busy
 * @property {string} kind  "tables" (the bear-off tables, once), "thinking", "review", "rollout"
 * @property {string} text  what it is doing, worded by Python in the board's language
 * @property {number | null} done  how far it is; null when not counted
 * @property {number | null} total  of how many; null when not counted
 */

/**
 * The decision shown in review mode (the board draws its position; `hint` holds its candidates or
 * cube numbers, `last_play` the play made).
 * @typedef {object} ReviewView
 * @property {number} index  in the review's decisions, 0-based
 * @property {number} count  how many decisions
 * @property {number} errors  how many have a mark
 * @property {boolean} complete  false: the review was stopped before the end
 * @property {number} game  1-based
 * @property {number} move  1-based, as .mat numbers the game's lines
 * @property {number} seat  who decides
 * @property {string} kind  "play", "double" or "take"
 * @property {number[]} dice
 * @property {string} made  notation, or "double", "no double", "take", "pass", "beaver"
 * @property {string} best
 * @property {number} error  equity lost (EMG in a match, cubeful money equity in money play)
 * @property {string} mark  "", "doubtful", "bad", "very bad"
 * @property {boolean} forced
 * @property {number | null} luck
 * @property {string} luck_mark  "", "joker", "anti-joker"
 * @property {number | null} mwc  the decider's match winning chance before the decision, null in money play
 * @property {Step[]} best_steps  the best play's steps (drawn dashed; [] for a cube decision)
 * @property {string} text  the decision in the board's language
 * @property {string[]} explanation  what the decision changes, one sentence per fact
 */

/**
 * The tutor's warning waiting for Play anyway or Take back (BoardWidget(tutor=...)).
 * @typedef {object} TutorView
 * @property {number} seat  the person whose action waits
 * @property {"play" | "cube"} kind
 * @property {string} mark  "doubtful", "bad" or "very bad"
 * @property {number} error  equity given up (EMG in a match, cubeful money equity in money play)
 * @property {string} made  notation, or "double", "no double", "take", "pass", "beaver"
 * @property {string} best  the Expert's action, written the same way
 * @property {Step[]} best_steps  the better play's steps from `before` (drawn dashed; [] for the cube)
 * @property {Board} before  the checkers before the play
 * @property {string[]} explanation  the facts that tell the two apart, in the board's language
 */

/**
 * @typedef {object} LastRoll
 * @property {number} seat
 * @property {number[]} dice
 */

/**
 * @typedef {object} LastPlay
 * @property {number} seat  who played it
 * @property {string} text  notation, in the mover's numbering
 * @property {Step[]} steps
 * @property {Board} before  the checkers before the play (animated, or arrows drawn, from there)
 */

/**
 * @typedef {object} Result
 * @property {number} winner
 * @property {number} points
 * @property {string} how  "single game", "gammon", "backgammon", "pass", "resigned gammon"...
 * @property {string} kind  "single game", "gammon" or "backgammon"
 * @property {string} text  the result in the board's language
 */

/**
 * A refused intent, for the board to say why next to the checker.
 * @typedef {object} Refused
 * @property {string} reason  the rule ("point-held", "bar-first", ...; "invalid" for a malformed intent)
 * @property {string} text  its sentence in the board's language
 * @property {Place | null} point  where to show it: the checker the intent tried to move
 */

/**
 * One of the Expert's plays, best first.
 * @typedef {object} PlayCandidate
 * @property {string} text
 * @property {number} equity  cubeless points per game for the mover
 * @property {number} emg  what the plays are ranked by: EMG in a match, cubeful equity in money play
 * @property {number | null} mwc  the mover's match winning chance after the play, null in money play
 * @property {number} error  `emg` lost against the best, 0 for the best
 * @property {number} ply  the depth its search reached, GNU Backgammon's numbering (0: the evaluator alone)
 * @property {number} win
 * @property {number} gammon
 * @property {Step[]} steps
 * @property {CandidateRollout | null} rollout  the hint's rollout of this play so far
 */

/**
 * @typedef {object} CandidateRollout
 * @property {number} equity  cubeless points per game for the mover, the mean of the trials so far
 * @property {number | null} se  its standard error; null while unmeasured (one trial)
 * @property {number | null} mwc  in a match: the mover's cubeless match winning chance from those trials; null in money play
 */

/**
 * The rollout of the hint's best plays.
 * @typedef {object} HintRolloutView
 * @property {number} plays  how many of the best plays are rolled out
 * @property {number} trials  trials done for each
 * @property {number} total  trials it goes to
 * @property {number | null} truncate  plies per trial before the net judges; null: to the end
 * @property {boolean} running  false once done or stopped
 */

/**
 * The Expert's advice on a play.
 * @typedef {object} PlaysHint
 * @property {"plays"} kind
 * @property {number} seat
 * @property {Board} before
 * @property {PlayCandidate[]} candidates  best first
 * @property {boolean} can_roll_out  a `hint-rollout` intent would start or go on with the rollout
 * @property {HintRolloutView | null} rollout  null before `hint-rollout`
 */

/**
 * The Expert's advice on the cube.
 * @typedef {object} CubeHint
 * @property {"cube"} kind
 * @property {string} action
 * @property {boolean} double
 * @property {boolean} take
 * @property {boolean} too_good
 * @property {boolean} beaver
 * @property {string} reason  why no double is possible, in the board's language ("" when one is)
 * @property {number} doubler  the seat on roll, whose equities these are
 * @property {number} no_double  the doubler's equities: points per game at cube 1,
 * @property {number} double_take  or match winning chances in a match
 * @property {number} double_pass
 * @property {boolean} match_play
 */

/**
 * One seat of an online room as the game server reports it.
 * @typedef {object} OnlineSeat
 * @property {string} name
 * @property {boolean} taken
 * @property {boolean} connected
 * @property {number | null} held_until  a dropped player's seat is theirs until then (seconds since the epoch)
 */

/**
 * A room's clocks after the last event.
 * @typedef {object} OnlineClock
 * @property {number[]} reserves  each seat's reserve, seconds
 * @property {number | null} running  the seat whose clock runs
 * @property {number} since  when its turn began (seconds since the epoch)
 * @property {number} delay  seconds free at each turn before the reserve runs
 */

/**
 * @typedef {object} OnlineEnd
 * @property {number | null} winner  the seat that won the match; null when a money session was stopped
 * @property {string} reason  "match", "stop", "timeout" or "forfeit"
 */

/**
 * The game server's room a board plays in (Python's viewstate.Online).
 * @typedef {object} Online
 * @property {string} url
 * @property {string} room  "" until created
 * @property {number | null} seat  null for a spectator
 * @property {string} invite  the line a friend runs to take the free seat
 * @property {string} spectate  the spectators' code, "" when unknown
 * @property {boolean} connected
 * @property {boolean} joined
 * @property {boolean} in_sync
 * @property {string[]} ids  [Position ID, Match ID] of the game as the board has it
 * @property {boolean} pending
 * @property {boolean} can_act
 * @property {OnlineSeat[]} seats
 * @property {OnlineClock | null} clock
 * @property {string} commitment
 * @property {boolean | null} verified
 * @property {OnlineEnd | null} ended
 * @property {boolean} tools
 */

/**
 * The whole state the view draws.
 * @typedef {object} ViewState
 * @property {number[]} points
 * @property {number[]} bar
 * @property {number[]} off
 * @property {number[]} pips  [seat 0, seat 1]; [] when the board hides the pip counts (BoardWidget(pips=False))
 * @property {number[]} point_labels  the number shown at board points 1..24: the person's own numbering
 * @property {number} turn  the seat to act (in set-up mode: the side on roll)
 * @property {string} phase  opening, roll, move, cube, game-over, match-over
 * @property {number[]} dice  the roll being played, [] when none
 * @property {number[]} dice_left  the dice not used yet, highest first
 * @property {LastRoll | null} last_roll  the roll just played, shown until the next roll
 * @property {Object<string, Target[]>} steps  String(place) of a checker that may move -> its targets
 * @property {Place[]} movable  the places whose top checker may move now: the keys of `steps`
 * @property {string[]} plays  every legal play of the roll, in notation
 * @property {Step[]} moved  the steps of the play in progress
 * @property {Cube} cube
 * @property {Can} can
 * @property {number[]} score
 * @property {number} match_length  0 for money play
 * @property {boolean} crawford  this is the Crawford game
 * @property {string[]} names
 * @property {string[]} players  "human", or the computer's name
 * @property {boolean[]} human
 * @property {boolean} thinking  the computer is choosing
 * @property {Busy | null} busy  the work running in the kernel, shown until it ends; null when none
 * @property {boolean} edit  the board is being set up
 * @property {string} position_id
 * @property {string} message  news for the person until the next roll
 * @property {string} refused  why the last intent was refused, "" when it was not
 * @property {Refused | null} refusal  the same refusal to show next to its checker
 * @property {boolean} teaching  the board explains its refusals (BoardWidget(teaching=True))
 * @property {boolean} tools  Hint, Resign, Set up, Review, exports and the record offered (false: an exercise's board)
 * @property {string} status  the status line, worded by Python in the board's language
 * @property {PlaysHint | CubeHint | null} hint  the advice asked for at this decision
 * @property {Result | null} result
 * @property {number | null} match_winner
 * @property {string} language
 * @property {number} animation  seconds per checker step of the computer's play
 * @property {LastPlay | null} last_play
 * @property {RecordLine[]} record  the game's plays and cube actions so far
 * @property {boolean} reviewing  the match is being reviewed (in the background)
 * @property {ReviewProgress | null} review_progress  how far the review running is; null before its first turn
 * @property {ReviewView | null} review  review mode's decision shown; null while the game is shown
 * @property {ReplayView | null} replay  a replay: the stop shown; null while the game is played
 * @property {TutorView | null} tutor  the tutor's warning waiting for an answer; null when none
 * @property {Online | null} online  the game server's room the board plays in; null when not online
 * @property {number} revision  changes with every state published
 */

export {};
