package fakediscord

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// Replayed is a bot's HTTP answer to an interaction delivered again (ReplayInteraction): Discord
// took the first delivery's callback, so this one changes nothing at the fake, and is only
// returned.
type Replayed struct {
	Status int
	// Type is the interaction response's type (4 a message, 5 deferred, 6 deferred update...),
	// Content and Flags those of its data; Type is 0 when the body was no interaction response.
	Type    int
	Content string
	Flags   int
}

// ReplayInteraction posts an interaction that was sent already to the Interactions Endpoint URL
// endpoint once more, byte for byte as it was first signed (the same timestamp, so the same
// signature): a request replayed within its signature's window, or an interaction Discord
// delivers twice. The answer is returned, and is no callback of in: in's own answers and waits
// are left as they are.
func (f *Fake) ReplayInteraction(ctx context.Context, endpoint string, priv ed25519.PrivateKey, in *Interaction) (Replayed, error) {
	f.mu.Lock()
	sent, at, err := in.sent, in.sentAt, in.err
	f.mu.Unlock()
	switch {
	case err != nil:
		return Replayed{}, err
	case !sent:
		return Replayed{}, fmt.Errorf("fakediscord: %s (interaction %s) was never sent: there is nothing to replay", in.what, in.ID)
	}
	r := SignedRequest(priv, in.Payload, at).WithContext(ctx)
	u, err := url.Parse(endpoint)
	if err != nil {
		return Replayed{}, err
	}
	r.URL, r.RequestURI, r.Host = u, "", u.Host
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return Replayed{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return Replayed{}, err
	}
	out := Replayed{Status: resp.StatusCode}
	var answer struct {
		Type int `json:"type"`
		Data *struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if json.Unmarshal(body, &answer) == nil {
		out.Type = answer.Type
		if answer.Data != nil {
			out.Content, out.Flags = answer.Data.Content, answer.Data.Flags
		}
	}
	return out, nil
}
