package fakediscord

import (
	"net/http"
	"strings"
	"testing"
)

func TestLoopbackDialerRefusesOtherHosts(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"wss://gateway.discord.gg/?v=9&encoding=json", "ws://192.0.2.1:80/gateway"} {
		_, _, err := LoopbackDialer().Dial(u, nil)
		if err == nil || !strings.Contains(err.Error(), "only reach loopback") {
			t.Errorf("Dial(%s) = %v, want the loopback refusal", u, err)
		}
	}
}

func TestRewriteTransportSendsEverythingToTheFake(t *testing.T) {
	t.Parallel()
	f := New(t)
	req, err := http.NewRequest(http.MethodGet, "https://discord.com/api/v9/users/@me", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+f.Token)
	resp, err := f.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	r, err := f.WaitRequest(testContext(t), func(r *Request) bool { return r.Path == "/api/v9/users/@me" })
	if err != nil || resp.StatusCode != 200 || r.Route != "GET /api/v9/users/@me" {
		t.Errorf("status %d, request %+v, %v", resp.StatusCode, r, err)
	}
}
