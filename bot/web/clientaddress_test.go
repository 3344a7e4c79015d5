package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The rate limit counts a client under the connection's peer, unless the peer is one of the
// host's trusted proxies: then under the address they found, read from the end of
// X-Forwarded-For past the trusted proxies' own; what a client writes there is never believed.
func TestClientAddressBelievesOnlyTrustedProxies(t *testing.T) {
	trusted, err := ParseProxies("10.0.0.0/8, 192.168.1.1 fd00::/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		trusted bool
		peer    string
		xff     []string
		want    string
	}{
		{"no trusted proxy: the header is not read", false, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"a client talking directly cannot pick its address", true, "203.0.113.9:4000", []string{"1.2.3.4"}, "203.0.113.9"},
		{"behind the proxy: the address it appended", true, "10.0.0.2:80", []string{"1.2.3.4"}, "1.2.3.4"},
		{"a client's own additions come before the proxy's", true, "10.0.0.2:80", []string{"6.6.6.6, 1.2.3.4"}, "1.2.3.4"},
		{"a chain of trusted proxies is skipped", true, "192.168.1.1:80", []string{"6.6.6.6, 1.2.3.4, 10.9.8.7"}, "1.2.3.4"},
		{"header lines are read as one list", true, "10.0.0.2:80", []string{"6.6.6.6", "1.2.3.4, 10.1.1.1"}, "1.2.3.4"},
		{"a word that is no address stops the reading", true, "10.0.0.2:80", []string{"1.2.3.4, junk, 10.1.1.1"}, "10.1.1.1"},
		{"a proxy without the header: the proxy itself", true, "10.0.0.2:80", nil, "10.0.0.2"},
		{"every address trusted: the farthest", true, "10.0.0.2:80", []string{"10.3.3.3, 10.1.1.1"}, "10.3.3.3"},
		{"IPv6 behind an IPv6 proxy", true, "[fd00::1]:80", []string{"2001:db8::7"}, "2001:db8::7"},
		{"an IPv4-mapped peer is its IPv4 address", true, "[::ffff:10.0.0.2]:80", []string{"1.2.3.4"}, "1.2.3.4"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.peer
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		var proxies = trusted
		if !c.trusted {
			proxies = nil
		}
		if got := ClientAddress(proxies)(r); got != c.want {
			t.Errorf("%s: counted as %s, want %s", c.name, got, c.want)
		}
	}
}

// --trusted-proxies takes addresses and CIDR ranges; anything else is refused with what is legal.
func TestTrustedProxiesAreAddressesOrRanges(t *testing.T) {
	got, err := ParseProxies("127.0.0.1,10.0.0.0/8 ::1")
	if err != nil || len(got) != 3 || got[0].String() != "127.0.0.1/32" || got[1].String() != "10.0.0.0/8" || got[2].String() != "::1/128" {
		t.Fatalf("ParseProxies = %v, %v", got, err)
	}
	if got, err := ParseProxies(""); err != nil || len(got) != 0 {
		t.Fatalf("none: %v, %v", got, err)
	}
	_, err = ParseProxies("10.0.0.0/8,proxy.local")
	if err == nil || !strings.Contains(err.Error(), `"proxy.local"`) || !strings.Contains(err.Error(), "CIDR") {
		t.Fatalf("a host name: %v", err)
	}
}

// A client over its limit is refused before its Accept-Language is read: the refusal is in the
// language its address asks for, else English, whatever its header says.
func TestARefusedClientsLanguageHeaderIsNotRead(t *testing.T) {
	st := newSite(t, "")
	st.limit = newLimiter(0.001, 1, st.cfg.Now)
	get := func(path, accept string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, st.http.URL+path, nil)
		req.Header.Set("Accept-Language", accept)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode, res.Header.Get("Content-Language")
	}
	if code, _ := get("/nothing", "de"); code != http.StatusNotFound {
		t.Fatalf("the first request: %d", code)
	}
	if code, lang := get("/nothing", "de"); code != http.StatusTooManyRequests || lang != "en" {
		t.Fatalf("refused: %d in %q, want 429 in English", code, lang)
	}
	if code, lang := get("/nothing?lang=fr", "de"); code != http.StatusTooManyRequests || lang != "fr" {
		t.Fatalf("refused with ?lang=fr: %d in %q", code, lang)
	}
}

// Only the first 256 bytes of Accept-Language are read: a browser's preferences fit, and a huge
// header costs no more than they do.
func TestOnlyTheStartOfAcceptLanguageIsRead(t *testing.T) {
	junk := strings.Repeat("x-long-tag;q=0.1, ", 4000) // 72 KB
	for _, c := range []struct {
		name, header, want string
	}{
		{"a browser's list", "nl-BE, nl;q=0.9, en;q=0.8", "nl"},
		{"the first preference before a huge tail", "de;q=0.9, " + junk, "de"},
		{"a preference past the limit is not read", junk + "fr", "en"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept-Language", c.header)
		if n := len(acceptLanguage(r)); n > maxAcceptLanguage {
			t.Errorf("%s: read %d bytes of the header", c.name, n)
		}
		if got := fromHeader(r, "").Code(); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
