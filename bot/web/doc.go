// Package web serves the web pages of games and leagues: a game's whole board at full
// resolution with pan and zoom (mouse, touch and keyboard), a history slider and step buttons that
// show the board after any move with that move's line of the log, the scores, chips and meeples,
// whose turn it is and until when, the score chart and, while the game runs, the command that
// follows it in Discord (with a Copy button); a league's standings, schedule (with a link to each
// game's page), a double elimination cup's brackets, and ratings.
//
// # What a page shows
//
// Only what every player sees at the table: the pages are built from the redacted view the
// pictures are drawn from (game.Game.View(false)) and from the history's lines of finished turns
// (commands.Turns), never from the full state. Before a game ends nothing on a page depends on the
// stack's order, a face-down chip, an island stack below its top or a private panel: two games
// that differ only in the stack's order and the face-down chips' values give byte-identical pages
// and pictures after every move (TestPagesAreTheSameWhateverIsHidden).
// Once the game is over the page replays it, offers the complete record (bot replay and bot
// verify check it) and, for the classic table, the JCloisterZone saved game, and shows the deal's
// key beside the commitment posted at the start, with a button that checks one against the other
// in the browser (SHA-256, written out in the page's script so that it works on any page).
//
// # Following the game
//
// An open game page follows its game without a reload (follow.go, app.js's follower): its script
// asks /g/ID/TOKEN/version (the game's version, a few bytes; a source that knows versions answers
// without reading the game, Versions) after Config.GamePoll, then twice as long each time nothing
// changed up to fifteen times that, and not while the page is hidden. When the version changed it
// reads its own page again, the same page a reload would give, so it learns nothing the page
// does not show, and takes from it the header, the players' table, the history and the rest
// beside the board. A reader at the last position follows the game to its new last; one looking
// back through the history stays where they are and is offered "New move: show it". Long polls
// and Server-Sent Events are left out: every request's work is bounded by renderLimit and the
// server's write timeout. Without JavaScript the page is as it was, for a reload.
//
// # Playing a turn
//
// The player to move may play their turn on a play page (play.go): its address, /p/ID/TOKEN/, is
// their own link (playlink.go), which the bot gives them privately from the button "Play on the
// page" of the turn message, the turn DM and /carc status. What a message carries of the pages,
// the game's link and that button, is this package's to say (messages.go), from the address
// readers reach the pages at (Config.PublicURL). The link's MAC covers the game, the
// seat, the person in it (whose id the address does not show), the turn, an expiry four hours on
// at most, and the generation of the game's links: it plays only that turn, by that person, and a
// revocation ends it with the other links. The page shows the board with the drawn tile's legal
// squares (the engine's list, as autocomplete offers it) as buttons laid over the picture where
// render.SquareBoxes measures them; a placement's preview (drawn from a copy of the game after it,
// a face-down chip it would collect left unturned, as autocomplete does) has the numbered spot
// markers of the pictures, what it extends or completes, the meeple spots and other pieces, and
// the chip actions open after it. Other steps of the turn show the turn message's buttons. A move
// is a POST with the page's token (bound to the link and to the version of the game the page
// shows), an idempotency key and the player's choices, limited per player; the server hands it to
// Plays (the bot's host), which runs it as the commands or the click it stands for through the
// command layer, stores it under the key (the same key twice moves once) and announces it in the
// channel as a typed move. A page drawn before the game moved on is answered 409 and reloads;
// it also asks the game's version now and then (Config.PlayPoll), and finds out by itself.
// Every refusal is a page in the page's language; the script (play.js) shows its sentence.
//
// # Languages
//
// A page is written in one of the catalogues' languages (lang.Codes): the one its address asks
// for with ?lang=CODE, which its own links keep and a switcher of plain links at its top offers;
// else the browser's first language in Accept-Language that lang.Match finds in the catalogues
// (English counts when asked for); else the table's language: setting; else English. A ?lang= the
// catalogues lack is refused with the codes there are. Every word comes from the catalogue area
// web (refusals included), the script's words from data- attributes of the page (the strict CSP
// allows no inline script), numbers from the language's printer and dates from its catalogue; the
// log's lines are /carc history's in that language (commands.Turns). The board and the chart are
// drawn in the page's language and addressed with it (&lang=CODE). Pages, boards and charts are
// cached per language; an answer chosen by Accept-Language says Vary: Accept-Language, and each
// carries Content-Language.
//
// # Addresses
//
// A page's address is /g/ID/TOKEN/ (a league's /l/ID/TOKEN/), where TOKEN is the generation of
// the page's links and an HMAC-SHA256 of the kind, the id and the generation under a secret the
// bot keeps in its database (storage.Store.WebSecret): unguessable, and a game in a private
// channel is not readable by someone who was never given the link. Revoking the links of a page
// (bot revoke-link ID) raises its generation: every earlier link answers 404, and the bot's
// messages link anew. A wrong, revoked or unknown link gets the same answer, so links cannot
// probe ids. Below a page: board/N.png (position N: 0 the deal, then each finished move, then the
// move being played), chart.png, and after the end record.json and game.jcz. The pages link
// relatively, so they work below any prefix the host's reverse proxy adds. The link is also the
// key to following a game from outside its channel: /player follow game:LINK is checked by
// CheckGameLink exactly as the page is, so a revoked link follows nothing either.
//
// # Speed and caching
//
// A page's model is cached per game and version (the store's sequence number, which every change
// raises); the board of a finished turn per game, move and language (and what it shows, so that
// an undone turn is drawn again), so later moves leave it cached; the turn being played and the
// chart per version. Building a page (its history replayed) and drawing a picture run on the
// drawer's few workers (half the cores), below the bot's moves in priority: they wait while a
// player's command or click is handled, a job nobody waits for any more (the reader left) stops,
// and too many waiting get 503 (draw.go). Pictures are addressed with the version (?v=N) and
// cached by browsers for good; pages are revalidated with an entity tag. The script and style sheet are embedded, hand-written, and addressed by their
// hash; no build step and nothing fetched from elsewhere.
//
// # Security
//
// Every answer carries a strict Content-Security-Policy (scripts and styles from the server only,
// no inline script or style, no frames), nosniff, no referrer (the token must not leak) and
// DENY framing. html/template escapes every name (scripts, right-to-left marks and emoji stay
// text, isolated with <bdi>). Each client (the connection's peer, or behind the host's trusted
// proxies the address they found, ClientAddress) has a token bucket, taken before anything of the
// request that costs work is read (Accept-Language is read after it, and only its first 256
// bytes); long addresses, unknown or repeated query
// parameters, bodies and methods other than GET and HEAD (but a play page's move, a POST of at
// most 4 KB) are refused with a page that says why; the work of a request is bounded in time, and
// the server's own timeouts bound slow clients. Nothing a request does changes a game, but a move
// sent from a play page through its link, which the host judges as it judges a typed command.
package web
