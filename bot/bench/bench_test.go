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

// TestQuickReportPrintsEveryRow runs the quick report (the CI smoke test of the bench report): it must
// finish and print every row. The figures themselves are not checked: this machine is shared.
func TestQuickReportPrintsEveryRow(t *testing.T) {
	if testing.Short() {
		t.Skip("the quick bench report takes about 30 s")
	}
	o := Options{Quick: true, Dir: t.TempDir()}
	if pgtest.Bin() != "" { // without PostgreSQL its rows say they were not measured
		o.Postgres = pgtest.URL(t)
	}
	rows, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Print(&out, rows, o)
	for _, name := range rowOrder(true) {
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
