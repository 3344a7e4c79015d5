package game_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// TestEveryHookKeepsTheEnginesPromises plays 10,000 complete games of the relay test map (a tenth
// unless soaking: gametest.Games) through every hook of the turn and checks the test kit's
// invariants after every move.
func TestEveryHookKeepsTheEnginesPromises(t *testing.T) {
	gametest.Playouts(t, testmaps.Relay(), 10000, 1)
	for name, n := range map[string]int64{"source": testmaps.RelayCalls.Source.Load(), "choice": testmaps.RelayCalls.Choice.Load(), "bank": testmaps.RelayCalls.Bank.Load(),
		"upgrade": testmaps.RelayCalls.Upgrade.Load(), "isle": testmaps.RelayCalls.Isle.Load(), "returned": testmaps.RelayCalls.Returned.Load(),
		"reveal": testmaps.RelayCalls.Reveal.Load(), "final": testmaps.RelayCalls.Final.Load()} {
		if n == 0 {
			t.Errorf("the playouts never reached the %s hook", name)
		}
	}
}

// explicitPlain implements every hook with the plain game's behaviour, as game.Plain once did.
type explicitPlain struct{}

func (explicitPlain) Setup(*game.Game) error                         { return nil }
func (explicitPlain) AfterPlacement(*game.Game, game.Square)         {}
func (explicitPlain) Actions(*game.Game) []game.LegalAction          { return nil }
func (explicitPlain) CanAct(*game.Game) bool                         { return false }
func (explicitPlain) MeepleReturned(*game.Game, game.Meeple)         {}
func (explicitPlain) EndTurn(*game.Game) bool                        { return false }
func (explicitPlain) NextPlayer(_ *game.Game, next int) int          { return next }
func (explicitPlain) ChoosesSource(*game.Game) bool                  { return false }
func (explicitPlain) Final(*game.Game)                               {}
func (explicitPlain) Placeable(*game.Game, game.Square) bool         { return true }
func (explicitPlain) Held(*game.Game) game.Held                      { return game.Held{} }
func (explicitPlain) View(*game.Game, bool) map[string]any           { return nil }
func (explicitPlain) Marks(*game.Game, bool) []game.Mark             { return nil }
func (explicitPlain) PublicChipColor(*game.Game, game.Square) string { return "" }
func (explicitPlain) Act(_ *game.Game, a game.Action) error {
	return game.RefuseAction(nil, game.Say("engine_no_such_action", "Value", a.Name))
}

// TestAHookNotImplementedPlaysThePlainGame: the rule of the seam. A variant that implements no
// hook (nil, or a type without methods) plays exactly as one that implements every hook with the
// plain game's behaviour: the same states after every move, the same refusal of an action.
func TestAHookNotImplementedPlaysThePlainGame(t *testing.T) {
	for seed := range uint64(30) {
		var games []*game.Game
		for _, v := range []game.Variant{nil, struct{}{}, explicitPlain{}} {
			g, err := game.NewGame(game.ClassicMap(), v, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
		}
		rng := game.NewRNG(seed)
		for games[0].Phase != game.PhaseOver {
			m, _ := games[0].RandomMove(&rng, nil)
			a := game.Move{Kind: game.MoveAction, Player: games[0].Current, Action: &game.Action{Name: "sell"}}
			for i, g := range games {
				if err := g.Play(a); err == nil || err.Error() != `This map has no action "sell".` {
					t.Fatalf("variant %d: the action is refused with %v", i, err)
				}
				if err := g.Play(m); err != nil {
					t.Fatalf("variant %d: %v", i, err)
				}
				if g.Hash() != games[0].Hash() {
					t.Fatalf("seed %d, turn %d: variant %T plays another game than nil", seed, g.Turn, g.Variant)
				}
			}
		}
	}
}

type wrongEndTurn struct{}

func (wrongEndTurn) EndTurn(*game.Game) {}

type halfActor struct{}

type pointerFinisher struct{}

func (*pointerFinisher) Final(*game.Game) {}

func (halfActor) Actions(*game.Game) []game.LegalAction { return nil }
func (halfActor) CanAct(*game.Game) bool                { return false }

// TestCheckHooksFindsAHookTheEngineWouldNeverCall: since every hook is optional, a method with a
// hook's name but not its signature, or a group of hooks half implemented, would silently play
// the plain game; the test kit refuses such a variant, naming the hook.
func TestCheckHooksFindsAHookTheEngineWouldNeverCall(t *testing.T) {
	for _, c := range []struct {
		v    game.Variant
		want string
	}{
		{nil, ""},
		{explicitPlain{}, ""},
		{testmaps.Relay().Variant, ""},
		{wrongEndTurn{}, "game_test.wrongEndTurn has the method EndTurn of the hook game.TurnEnder but game_test.wrongEndTurn does not implement that hook"},
		{pointerFinisher{}, "*game_test.pointerFinisher has the method Final of the hook game.Finisher but game_test.pointerFinisher does not implement"},
		{&pointerFinisher{}, ""},
		{halfActor{}, "game_test.halfActor has the method Actions of the hook game.Actor but game_test.halfActor does not implement that hook, so the engine never calls it: game.Actor needs Act func(*game.Game, game.Action) error, Actions"},
	} {
		err := game.CheckHooks(c.v)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%T: %v, want %q", c.v, err, c.want)
		}
	}
}

// TestHooksOfListsAVariantsHooks: a map's hooks, in the order of a game.
func TestHooksOfListsAVariantsHooks(t *testing.T) {
	got := strings.Join(game.HooksOf(testmaps.Relay().Variant), " ")
	want := "Stateful Preparer SourceChooser SquareFilter PlacementReactor Actor ReturnWatcher TurnEnder OrderChanger Finisher Holder Concealer Marker"
	if got != want {
		t.Errorf("the relay's hooks are %q, want %q", got, want)
	}
	if h := game.HooksOf(nil); len(h) != 0 {
		t.Errorf("the plain game has the hooks %v", h)
	}
}

type otherState struct{}

func (*otherState) Clone() game.VariantState { return &otherState{} }

// TestStateOfNamesBothTypes: reading a game's variant state as another map's is a bug, reported
// with both types.
func TestStateOfNamesBothTypes(t *testing.T) {
	r := testmaps.Relay()
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"ann", "bob"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		msg := fmt.Sprint(recover())
		if !strings.Contains(msg, "the variant state is *testmaps.relayState, not *game_test.otherState") {
			t.Errorf("StateOf of another type: %q", msg)
		}
	}()
	game.StateOf[*otherState](g)
}
