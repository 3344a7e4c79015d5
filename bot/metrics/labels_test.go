package metrics

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestRoutesNameNoIDNorToken: a Discord API path becomes its route, every id and token taken
// out, so that the requests' label has a few dozen values whatever the traffic.
func TestRoutesNameNoIDNorToken(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/api/v9/channels/1300000000004063254/messages", "/channels/{id}/messages"},
		{"/api/v9/channels/1300000000004063254/messages/1300000000004063299", "/channels/{id}/messages/{id}"},
		{"/api/v9/webhooks/1300000000000000001/aW50ZXJhY3Rpb246dG9rZW4/messages/@original", "/webhooks/{id}/{token}/messages/@original"},
		{"/api/v9/webhooks/1300000000000000001/aW50ZXJhY3Rpb246dG9rZW4", "/webhooks/{id}/{token}"},
		{"/api/v9/interactions/1300000000000000009/secret-token/callback", "/interactions/{id}/{token}/callback"},
		{"/api/v9/users/@me", "/users/@me"},
		{"/api/v9/users/@me/channels", "/users/@me/channels"},
		{"/api/v9/applications/1300000000000000001/guilds/1300000000000000002/commands", "/applications/{id}/guilds/{id}/commands"},
		{"/api/v9/channels/1/messages/2/reactions/%F0%9F%91%8D/@me", "/channels/{id}/messages/{id}/reactions/{emoji}/@me"},
		{"/api/v10/gateway/bot", "/gateway/bot"},
	} {
		if got := Route(c.path); got != c.want {
			t.Errorf("Route(%s) = %s, want %s", c.path, got, c.want)
		}
	}
}

// TestPagesAreNamedByRouteNeverByLink: a page view is counted by the page's kind, never by the
// game's id nor its link's token.
func TestPagesAreNamedByRouteNeverByLink(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/g/g123/tok/", "game"},
		{"/g/g123/tok/board/12-en.png", "board"},
		{"/g/g123/tok/chart.png", "chart"},
		{"/g/g123/tok/record.json", "record"},
		{"/g/g123/tok/game.jcz", "jcz"},
		{"/l/l9/tok/", "league"},
		{"/static/app.css", "static"},
		{"/", "other"},
		{"/g/g123/tok/unknown", "other"},
		{"/wp-admin/setup.php", "other"},
	} {
		if got := pageOf(c.path); got != c.want {
			t.Errorf("pageOf(%s) = %s, want %s", c.path, got, c.want)
		}
	}
}

// TestMovesAreTurnsByWhoMadeThem: a turn committed is a player's, the AI's, a deadline's or the
// bot's own; a lobby's change or a vote is no turn.
func TestMovesAreTurnsByWhoMadeThem(t *testing.T) {
	for _, c := range []struct {
		move   storage.Move
		source string
		turn   bool
	}{
		{storage.Move{Actor: "u1", InteractionID: "130", Data: []byte(`{"by":"u1","events":[{"kind":"move"}]}`)}, "player", true},
		{storage.Move{Actor: "ai", InteractionID: "ai-g1-4", Data: []byte(`{"by":"ai","events":[{"kind":"move"},{"kind":"move"}]}`)}, "ai", true},
		{storage.Move{Actor: "bot", InteractionID: "timer:g1:deadline:u1:5:3", Data: []byte(`{"by":"bot","events":[{"kind":"timeout"},{"kind":"move"}]}`)}, "deadline", true},
		{storage.Move{Actor: "bot", InteractionID: "unattended-g1-9", Data: []byte(`{"by":"bot","events":[{"kind":"abandon"}]}`)}, "bot", false},
		{storage.Move{Actor: "u2", InteractionID: "131", Data: []byte(`{"by":"u2","events":[{"kind":"join"}]}`)}, "player", false},
		{storage.Move{Actor: "u2", InteractionID: "132", Data: []byte(`{"by":"u2","events":[{"kind":"undo_vote"}]}`)}, "player", false},
	} {
		if got := source(c.move); got != c.source {
			t.Errorf("source(%+v) = %s, want %s", c.move, got, c.source)
		}
		if got := isMove(c.move.Data); got != c.turn {
			t.Errorf("isMove(%s) = %v, want %v", c.move.Data, got, c.turn)
		}
	}
}
