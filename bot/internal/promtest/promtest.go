// Package promtest runs a real Prometheus server (Debian's prometheus package) for a test: it
// scrapes the targets the test names every second, and answers the test's queries through its
// HTTP API. Tests skip without it; CI installs it (.ci/run).
package promtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Missing is why a test that needs Prometheus skips.
const Missing = "Prometheus is not installed: apt-get install prometheus (CI installs it)"

// Binary is the prometheus server's path, or "" when it is missing.
func Binary() string {
	p, err := exec.LookPath("prometheus")
	if err != nil {
		return ""
	}
	return p
}

// Server is a Prometheus server of one test.
type Server struct {
	t    *testing.T
	addr string
	log  string
}

// Start runs Prometheus on a free loopback port, scraping the metrics of every target (host:port,
// path /metrics) every second; the test's cleanup stops it.
func Start(t *testing.T, targets ...string) *Server {
	t.Helper()
	bin := Binary()
	if bin == "" {
		t.Skip(Missing)
	}
	dir := t.TempDir()
	list, _ := json.Marshal(targets)
	config := fmt.Sprintf("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: carcassonne-bot\n    static_configs:\n      - targets: %s\n", list)
	if err := os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s := &Server{t: t, addr: addr, log: filepath.Join(dir, "prometheus.log")}
	logFile, err := os.Create(s.log)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--config.file="+filepath.Join(dir, "prometheus.yml"), "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+addr, "--log.level=warn")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); logFile.Close(); close(done) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		if resp, err := http.Get("http://" + addr + "/-/ready"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		select {
		case <-done:
			t.Fatalf("prometheus exited at start:\n%s", s.Log())
		case <-ctx.Done():
			t.Fatalf("prometheus was not ready within a minute:\n%s", s.Log())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Log is what Prometheus wrote.
func (s *Server) Log() string {
	b, _ := os.ReadFile(s.log)
	return string(b)
}

// Sample is one series of an instant query's answer.
type Sample struct {
	Metric map[string]string
	Value  float64
}

// Query asks Prometheus' HTTP API (/api/v1/query) for expr's value now.
func (s *Server) Query(expr string) ([]Sample, error) {
	resp, err := http.Get("http://" + s.addr + "/api/v1/query?query=" + url.QueryEscape(expr))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var body struct {
		Status string `json:"status"`
		Error  string `json:"error"`
		Data   struct {
			ResultType string `json:"resultType"`
			Result     []struct {
				Metric map[string]string `json:"metric"`
				Value  [2]any            `json:"value"`
			} `json:"result"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return nil, fmt.Errorf("query %s: %w", expr, err)
	}
	if body.Status != "success" {
		return nil, fmt.Errorf("query %s: %s", expr, body.Error)
	}
	out := make([]Sample, 0, len(body.Data.Result))
	for _, r := range body.Data.Result {
		text, _ := r.Value[1].(string)
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return nil, fmt.Errorf("query %s: value %q: %w", expr, text, err)
		}
		out = append(out, Sample{Metric: r.Metric, Value: v})
	}
	return out, nil
}

// Scalar is the value of a query that answers one series; ok is false when it answers none.
func (s *Server) Scalar(expr string) (v float64, ok bool, err error) {
	samples, err := s.Query(expr)
	if err != nil || len(samples) == 0 {
		return 0, false, err
	}
	if len(samples) > 1 {
		return 0, false, fmt.Errorf("query %s: %d series, want one", expr, len(samples))
	}
	return samples[0].Value, true, nil
}
