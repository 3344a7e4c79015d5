package bench

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestMain lets the test binary be the measured bot of the RSS rows (Child), and stops the
// PostgreSQL server of the PostgreSQL rows.
func TestMain(m *testing.M) {
	if Child() {
		return
	}
	os.Exit(pgtest.Main(m))
}

// TestSmokeReportPrintsEveryRow runs the smoke report (every row of a quick run, measured once on
// the least work): it must finish and print every row. The figures themselves are not checked:
// they mean nothing, and this machine is shared. The quick and full reports are go run ./cmd/bench.
func TestSmokeReportPrintsEveryRow(t *testing.T) {
	o := Options{Smoke: true, Dir: t.TempDir()}
	if pgtest.Bin() != "" { // without PostgreSQL its rows say they were not measured
		o.Postgres = pgtest.URL(t)
	}
	rows, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Print(&out, rows, o)
	for _, name := range rowOrder(o) {
		if !strings.Contains(out.String(), "| "+name) {
			t.Errorf("the report has no row %q:\n%s", name, out.String())
		}
	}
	for _, r := range rows {
		if r.Note == "" && len(r.Values) == 0 {
			t.Errorf("row %q was not measured", r.Name)
		}
	}
}
