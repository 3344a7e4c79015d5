// Package browsertest drives headless Chromium (Debian's package chromium, which .ci/run
// installs) through the DevTools protocol for the tests of the pages, as a reader's browser would
// run them: one browser per test binary, a tab per test.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// ChromiumPath is where Debian's package puts the browser.
const ChromiumPath = "/usr/bin/chromium"

var browser struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	err    error
}

// Stop ends the shared browser; a test binary's TestMain calls it after its tests.
func Stop() {
	if browser.cancel != nil {
		browser.cancel()
	}
}

// Tab opens a new tab of the shared headless Chromium, which starts on first use with a fresh
// profile; the test is skipped, saying which package to install, where there is none. The tab
// gives up after limit (the machine may be busy: a test that waits this long has failed anyway).
func Tab(t testing.TB, limit time.Duration) context.Context {
	t.Helper()
	path, err := exec.LookPath(ChromiumPath)
	if err != nil {
		t.Skip("the browser tests need headless Chromium: install Debian's package (apt-get install chromium)")
	}
	browser.once.Do(func() {
		dir, err := os.MkdirTemp("", "browsertest-chromium-")
		if err != nil {
			browser.err = err
			return
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(path), chromedp.UserDataDir(dir), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.Flag("disable-extensions", true),
			chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1280, 900))
		ctx, cancel := chromedp.NewContext(alloc)
		if err := chromedp.Do(ctx); err != nil {
			browser.err = err
		}
		browser.ctx = ctx
		browser.cancel = func() { cancel(); cancelAlloc(); os.RemoveAll(dir) }
	})
	if browser.err != nil {
		t.Fatalf("start Chromium: %v", browser.err)
	}
	ctx, cancel := chromedp.NewContext(browser.ctx)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(cancelTimeout)
	return ctx
}

// Do runs browser steps, failing the test with what was being done.
func Do(t testing.TB, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// Eval evaluates a JavaScript expression in the page.
func Eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// WaitFor waits for a JavaScript condition to hold (a minute at most), across navigations: the
// page checks it every few milliseconds itself, so the test learns at once when it holds without a
// round trip per check; a page that reloads itself meanwhile ends that wait, and the condition is
// waited for again once its successor is there. On a failure the test says what the expressions
// explain, evaluated then, show of the page.
func WaitFor(t testing.TB, ctx context.Context, cond string, explain ...string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	var last error
	for left := time.Until(deadline); left > 0; left = time.Until(deadline) {
		ok, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(pollEvery), chromedp.WithPollingTimeout(max(left, time.Millisecond))))
		if err == nil && ok {
			return
		}
		if ctx.Err() != nil {
			last = ctx.Err()
			break
		}
		last = err
		// The page went away under the wait: its successor has no document for a moment. (A
		// timeout under a millisecond would be none: chromedp counts whole milliseconds.)
		time.Sleep(pollEvery)
	}
	for _, e := range explain {
		if v, err := chromedp.Run(ctx, chromedp.Evaluate[string](e)); err == nil {
			t.Logf("%s: %s", e, v)
		}
	}
	t.Fatalf("waiting for %s: it did not hold within a minute (last error: %v)", cond, last)
}

// pollEvery is how often a page checks a condition a test waits for.
const pollEvery = 5 * time.Millisecond

// Screenshot saves what the tab shows as a PNG file.
func Screenshot(t testing.TB, ctx context.Context, path string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
