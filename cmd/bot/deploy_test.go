package main

import (
	"bufio"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/discord"
)

// binaryName is what README.md builds (go build -o carcassonne-bot ./cmd/bot) and what the unit
// and the image run.
const binaryName = "carcassonne-bot"

// unitDirectives reads a systemd unit's [Service] directives, commented-out ones too (they are
// the documented alternatives), as name and value in order.
func unitDirectives(t *testing.T, path string) (set, commented [][2]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	section := ""
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			section = line
			continue
		}
		list := &set
		if rest, ok := strings.CutPrefix(line, "#"); ok {
			line, list = rest, &commented
		}
		name, value, ok := strings.Cut(line, "=")
		if section == "[Service]" && ok && regexp.MustCompile(`^[A-Z][A-Za-z]+$`).MatchString(name) {
			*list = append(*list, [2]string{name, value})
		}
	}
	return set, commented
}

func directive(ds [][2]string, name string) string {
	for _, d := range ds {
		if d[0] == name {
			return d[1]
		}
	}
	return ""
}

func environmentNames() []string {
	var names []string
	for _, e := range environment {
		names = append(names, e[0])
	}
	return names
}

// TestSystemdUnitMatchesTheBinary: the unit in cmd/bot/deploy runs the binary the README builds
// with flags it has, sets only variables the bot reads, hands the token over as the credential it
// loads, keeps the database in its state directory, does not restart on a usage error (exit 2), and
// stops the bot with SIGTERM. With systemd-analyze at hand, systemd accepts the unit.
func TestSystemdUnitMatchesTheBinary(t *testing.T) {
	unit := filepath.Join("deploy", binaryName+".service")
	set, commented := unitDirectives(t, unit)
	exec := strings.Fields(directive(set, "ExecStart"))
	if len(exec) == 0 || filepath.Base(exec[0]) != binaryName {
		t.Fatalf("ExecStart=%s does not run %s", directive(set, "ExecStart"), binaryName)
	}
	// The flags are the server's: --help after them is answered only if every one is known.
	if err := run(append(exec[1:], "--help"), nil, &strings.Builder{}); err != nil {
		t.Errorf("ExecStart's flags: %v", err)
	}
	state := "/var/lib/" + directive(set, "StateDirectory")
	credential, _, _ := strings.Cut(directive(set, "LoadCredential"), ":")
	for _, d := range append(slices.Clone(set), commented...) {
		if d[0] != "Environment" {
			continue
		}
		name, value, _ := strings.Cut(d[1], "=")
		if !slices.Contains(environmentNames(), name) {
			t.Errorf("Environment=%s: the bot reads no %s (it reads %v)", d[1], name, environmentNames())
		}
		switch name {
		case "DISCORD_TOKEN":
			t.Errorf("the unit puts the token in the environment: load it as a credential")
		case "CARC_TOKEN_FILE":
			if credential == "" || value != "%d/"+credential {
				t.Errorf("CARC_TOKEN_FILE=%s is not the loaded credential %q", value, credential)
			}
		case "CARC_DB":
			if filepath.Dir(value) != state {
				t.Errorf("CARC_DB=%s is not in the state directory %s", value, state)
			}
		case "CARC_LOG_LEVEL":
			var lv slog.Level
			if err := lv.UnmarshalText([]byte(value)); err != nil {
				t.Errorf("CARC_LOG_LEVEL=%s: %v", value, err)
			}
		}
	}
	if directive(set, "WorkingDirectory") != state {
		t.Errorf("WorkingDirectory=%s, want the state directory %s", directive(set, "WorkingDirectory"), state)
	}
	if got := directive(set, "RestartPreventExitStatus"); got != strconv.Itoa(exitCode(errors.New("usage"))) {
		t.Errorf("RestartPreventExitStatus=%s, but a usage error exits %d", got, exitCode(errors.New("usage")))
	}
	for name, want := range map[string]string{"Restart": "on-failure", "KillSignal": "SIGTERM", "DynamicUser": "yes"} {
		if directive(set, name) != want {
			t.Errorf("%s=%s, want %s", name, directive(set, name), want)
		}
	}
	verifyUnit(t, unit)
}

// verifyUnit runs systemd-analyze verify on a copy of the unit whose ExecStart is this test's own
// executable (systemd checks that the program exists), when systemd-analyze is installed and
// accepts a minimal unit here.
func verifyUnit(t *testing.T, unit string) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Log("systemd-analyze is not installed: the unit is not verified by systemd")
		return
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	control := filepath.Join(dir, "control.service")
	os.WriteFile(control, []byte("[Service]\nExecStart="+self+"\n"), 0o644)
	if out, err := exec.Command(analyze, "verify", control).CombinedOutput(); err != nil {
		t.Logf("systemd-analyze does not work here (%v: %s): the unit is not verified by systemd", err, out)
		return
	}
	src, err := os.ReadFile(unit)
	if err != nil {
		t.Fatal(err)
	}
	copyOf := filepath.Join(dir, filepath.Base(unit))
	text := regexp.MustCompile(`(?m)^ExecStart=\S+`).ReplaceAllLiteralString(string(src), "ExecStart="+self)
	os.WriteFile(copyOf, []byte(text), 0o644)
	if out, err := exec.Command(analyze, "verify", copyOf).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify %s: %v\n%s", unit, err, out)
	}
}

// TestDockerfileBuildsTheBinary: the image is built from source with the Go toolchain go.mod asks
// for, runs the binary it builds as a non-root user, sets only variables the bot reads, and keeps the
// database on its volume.
func TestDockerfileBuildsTheBinary(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("deploy", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	dockerfile := strings.ReplaceAll(string(src), "\\\n", " ")
	from := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(dockerfile, -1)
	if len(from) < 2 || goVersion == nil || !regexp.MustCompile(`^golang:`+regexp.QuoteMeta(string(goVersion[1]))+`\b`).MatchString(from[0][1]) {
		t.Errorf("the image is not built in two stages from golang:%s (go.mod): FROM %v", goVersion[1], from)
	}
	build := regexp.MustCompile(`go build .*-o (\S+) \./cmd/bot\b`).FindStringSubmatch(dockerfile)
	if build == nil || filepath.Base(build[1]) != binaryName {
		t.Fatalf("the Dockerfile does not build ./cmd/bot into %s", binaryName)
	}
	copied := regexp.MustCompile(`(?m)^COPY --from=\S+ ` + regexp.QuoteMeta(build[1]) + ` (\S+)`).FindStringSubmatch(dockerfile)
	entry := regexp.MustCompile(`(?m)^ENTRYPOINT \["([^"]+)"\]`).FindStringSubmatch(dockerfile)
	if copied == nil || entry == nil || entry[1] != copied[1] {
		t.Errorf("the entry point %v is not the binary built (%v)", entry, copied)
	}
	user := regexp.MustCompile(`(?m)^USER (\S+)`).FindStringSubmatch(dockerfile)
	if user == nil || strings.HasPrefix(user[1], "root") || strings.HasPrefix(user[1], "0") {
		t.Errorf("the bot runs as root: USER %v", user)
	}
	env := regexp.MustCompile(`(?m)^ENV (.*)$`).FindStringSubmatch(dockerfile)
	volume := regexp.MustCompile(`(?m)^VOLUME \["([^"]+)"\]`).FindStringSubmatch(dockerfile)
	if env == nil || volume == nil {
		t.Fatal("the Dockerfile sets no environment or no volume")
	}
	for _, kv := range strings.Fields(env[1]) {
		name, value, _ := strings.Cut(kv, "=")
		if !slices.Contains(environmentNames(), name) {
			t.Errorf("ENV %s: the bot reads no %s", kv, name)
		}
		if name == "CARC_DB" && filepath.Dir(value) != volume[1] {
			t.Errorf("CARC_DB=%s is not on the volume %s", value, volume[1])
		}
	}
	ignore, err := os.ReadFile(filepath.Join("deploy", "Dockerfile.dockerignore"))
	if err != nil || !strings.Contains(string(ignore), "**/*.db") || !strings.Contains(string(ignore), ".git") {
		t.Errorf("the build context would carry databases or the git history: %v\n%s", err, ignore)
	}
}

// TestReadmeHostingMatchesTheFiles: the README's hosting commands name the files of cmd/bot/deploy
// and the binary they run, and its invite link asks for exactly the permissions the bot checks
// before it opens a game, each named.
func TestReadmeHostingMatchesTheFiles(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go build -o " + binaryName + " ./cmd/bot", "docker build -f cmd/bot/deploy/Dockerfile ",
		"cmd/bot/deploy/" + binaryName + ".service", "CARC_LOG_LEVEL", ".schema-v"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
	bits, names := discord.InvitePermissions()
	link := regexp.MustCompile(`discord\.com/oauth2/authorize\?\S*permissions=(\d+)`).FindSubmatch(readme)
	if link == nil || string(link[1]) != strconv.FormatInt(bits, 10) {
		t.Errorf("the README's invite link asks for permissions %s, the bot needs %d", link, bits)
	}
	for _, n := range names {
		if !strings.Contains(string(readme), "*"+strings.TrimSuffix(n, "s")) {
			t.Errorf("README.md does not name the permission %s", n)
		}
	}
}
