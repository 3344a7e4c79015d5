package game

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseMap reads a map file (the format is in the package documentation) and validates it.
// Every error names the file and the line.
func ParseMap(file string, r io.Reader) (*Map, error) {
	p := &mapParser{file: file, m: &Map{File: file, Meeples: 9, RowAttrs: map[int]map[string]string{}}}
	if err := p.read(r); err != nil {
		return nil, err
	}
	if err := p.build(); err != nil {
		return nil, err
	}
	return p.m, nil
}

type mapLine struct {
	n    int
	args []string
}

type mapParser struct {
	file     string
	m        *Map
	grid     []string
	gridLine int
	// directives after the grid, kept with their line numbers for the second pass
	lines []mapLine
	// line numbers of the city, ferry and island directives, for errors found when all are read
	cityLine, ferryLine, islandLine, legendLine []int
}

func (p *mapParser) errf(line int, format string, a ...any) error {
	return fmt.Errorf("%s:%d: %s", p.file, line, fmt.Sprintf(format, a...))
}

// tokenize splits a line on blanks, keeping "quoted text" as one token.
func tokenize(s string) ([]string, error) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return out, nil
		}
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("a quote is not closed")
			}
			out = append(out, s[1:end+1])
			s = s[end+2:]
			continue
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		tok := s[:end]
		if i := strings.Index(tok, `="`); i >= 0 {
			close := strings.IndexByte(s[i+2:], '"')
			if close < 0 {
				return nil, fmt.Errorf("a quote is not closed")
			}
			end = i + 2 + close + 1
			tok = s[:i+1] + s[i+2:end-1]
		}
		out = append(out, tok)
		s = s[end:]
	}
}

func (p *mapParser) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	n := 0
	inGrid := false
	for sc.Scan() {
		n++
		raw := sc.Text()
		text, _, _ := strings.Cut(raw, "#")
		if inGrid {
			// '#' is a square in the grid, so comments there start with "//".
			text, _, _ = strings.Cut(raw, "//")
			t := strings.TrimSpace(text)
			if t == "" {
				continue
			}
			if t == "end" {
				inGrid = false
				continue
			}
			row := strings.Join(strings.Fields(t), "")
			num := 0
			for num < len(row) && row[num] >= '0' && row[num] <= '9' {
				num++
			}
			if num > 0 {
				v, _ := strconv.Atoi(row[:num])
				if v != len(p.grid)+1 {
					return p.errf(n, "grid row is numbered %d but it is row %d", v, len(p.grid)+1)
				}
				row = row[num:]
			}
			for _, c := range row {
				if !strings.ContainsRune(".#@~", c) {
					return p.errf(n, "grid character %q: use . (no square), # (playable), @ (large city) or ~ (marked)", c)
				}
			}
			p.grid = append(p.grid, row)
			continue
		}
		args, err := tokenize(text)
		if err != nil {
			return p.errf(n, "%v", err)
		}
		if len(args) == 0 {
			continue
		}
		if p.m.ID == "" && args[0] != "map" {
			return p.errf(n, "the first directive must be \"map ID\"")
		}
		switch args[0] {
		case "map":
			if len(args) != 2 || p.m.ID != "" {
				return p.errf(n, "map takes one id and comes once, first")
			}
			p.m.ID = args[1]
		case "title":
			p.m.Title = strings.Join(args[1:], " ")
		case "tiles", "starts", "meeples":
			if len(args) != 2 {
				return p.errf(n, "%s takes one number", args[0])
			}
			v, err := strconv.Atoi(args[1])
			if err != nil || v < 1 || v > 1000 {
				return p.errf(n, "%s %q: want a positive number", args[0], args[1])
			}
			switch args[0] {
			case "tiles":
				p.m.DefaultTiles = v
			case "starts":
				p.m.StartsUsed = v
			default:
				p.m.Meeples = v
			}
		case "grid":
			if p.gridLine != 0 {
				return p.errf(n, "the grid is given twice (first at line %d)", p.gridLine)
			}
			p.gridLine = n
			if len(args) == 1 {
				inGrid = true
				continue
			}
			cols, rows, ok := strings.Cut(args[1], "x")
			c, err1 := strconv.Atoi(cols)
			rr, err2 := strconv.Atoi(rows)
			if len(args) != 2 || !ok || err1 != nil || err2 != nil || c < 1 || rr < 1 || c >= MaxGridSide || rr >= MaxGridSide {
				return p.errf(n, "grid takes COLSxROWS (like 229x229) or no argument and the rows on the next lines")
			}
			p.m.Open = true
			for range rr {
				p.grid = append(p.grid, strings.Repeat("#", c))
			}
		default:
			p.lines = append(p.lines, mapLine{n, args})
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", p.file, err)
	}
	if inGrid {
		return p.errf(n, "the grid that starts at line %d has no \"end\" line", p.gridLine)
	}
	if p.m.ID == "" {
		return fmt.Errorf("%s: no map directive", p.file)
	}
	if len(p.grid) == 0 {
		return fmt.Errorf("%s: the map has no grid", p.file)
	}
	return nil
}

func (p *mapParser) build() error {
	m := p.m
	m.Rows = len(p.grid)
	for _, row := range p.grid {
		m.Cols = max(m.Cols, len(row))
	}
	if m.Cols >= MaxGridSide || m.Rows >= MaxGridSide {
		return p.errf(p.gridLine, "the grid is too large")
	}
	m.squares = make([]SquareInfo, m.Cols*m.Rows)
	m.void = SquareInfo{Kind: Void, City: -1, Island: -1, Town: -1, Start: -1}
	for r, row := range p.grid {
		for c := range m.Cols {
			info := &m.squares[r*m.Cols+c]
			*info = m.void
			if c < len(row) {
				switch row[c] {
				case '#':
					info.Kind = Playable
				case '@':
					info.Kind = Printed
				case '~':
					info.Kind = Marked
				}
			}
		}
	}
	for _, l := range p.lines {
		if err := p.directive(l); err != nil {
			return err
		}
	}
	if err := p.finish(); err != nil {
		return err
	}
	return p.checkLegend()
}

func (p *mapParser) square(line int, name string, kinds ...SquareKind) (Square, *SquareInfo, error) {
	s, err := ParseSquare(name)
	if err != nil {
		return NoSquare, nil, p.errf(line, "%v", err)
	}
	if !p.m.In(s) {
		return NoSquare, nil, p.errf(line, "%s is outside the %dx%d grid", s, p.m.Cols, p.m.Rows)
	}
	info := p.m.Info(s)
	for _, k := range kinds {
		if info.Kind == k {
			return s, info, nil
		}
	}
	want := map[SquareKind]string{Playable: "a playable square (#)", Printed: "a large-city square (@)", Marked: "a marked square (~)"}
	var names []string
	for _, k := range kinds {
		names = append(names, want[k])
	}
	return NoSquare, nil, p.errf(line, "%s must be %s in the grid", s, strings.Join(names, " or "))
}

func keyValues(args []string) (map[string]string, []string) {
	kv := map[string]string{}
	var rest []string
	for _, a := range args {
		if k, v, ok := strings.Cut(a, "="); ok {
			kv[k] = v
		} else {
			rest = append(rest, a)
		}
	}
	return kv, rest
}

func (p *mapParser) directive(l mapLine) error {
	m := p.m
	args := l.args
	need := func(n int, usage string) error {
		if len(args) < n {
			return p.errf(l.n, "%s: usage: %s", args[0], usage)
		}
		return nil
	}
	switch args[0] {
	case "start":
		if err := need(3, "start SQ NAME"); err != nil {
			return err
		}
		s, info, err := p.square(l.n, args[1], Playable)
		if err != nil {
			return err
		}
		if info.Start >= 0 {
			return p.errf(l.n, "%s is already a start square", s)
		}
		info.Start = len(m.Starts)
		m.Starts = append(m.Starts, StartSquare{s, args[2]})
		if info.Name == "" {
			info.Name = args[2]
		}
	case "town":
		if err := need(3, "town SQ NAME [color=C]"); err != nil {
			return err
		}
		s, info, err := p.square(l.n, args[1], Playable)
		if err != nil {
			return err
		}
		if info.Town >= 0 {
			return p.errf(l.n, "%s already has a town", s)
		}
		kv, rest := keyValues(args[2:])
		if len(rest) != 1 {
			return p.errf(l.n, "town: usage: town SQ NAME [color=C] (quote a name with spaces)")
		}
		info.Town = len(m.Towns)
		m.Towns = append(m.Towns, Town{s, rest[0], kv["color"]})
		info.Name = rest[0]
	case "name":
		if err := need(3, "name SQ NAME"); err != nil {
			return err
		}
		_, info, err := p.square(l.n, args[1], Playable, Printed, Marked)
		if err != nil {
			return err
		}
		info.Name = strings.Join(args[2:], " ")
	case "city":
		if err := need(2, "city NAME [arms=N]"); err != nil {
			return err
		}
		kv, rest := keyValues(args[1:])
		arms := 0
		if v, ok := kv["arms"]; ok {
			a, err := strconv.Atoi(v)
			if err != nil || a < 0 || a > 20 {
				return p.errf(l.n, "arms=%q: want a number of coats of arms", v)
			}
			arms = a
		}
		if len(rest) != 1 {
			return p.errf(l.n, "city: usage: city NAME [arms=N]")
		}
		m.Cities = append(m.Cities, LargeCity{Name: rest[0], Arms: arms})
		p.cityLine = append(p.cityLine, l.n)
	case "square":
		if len(m.Cities) == 0 {
			return p.errf(l.n, "square lines belong to a city block: write \"city NAME\" first")
		}
		if err := need(3, "square SQ EDGES (like CFFC)"); err != nil {
			return err
		}
		s, info, err := p.square(l.n, args[1], Printed)
		if err != nil {
			return err
		}
		if info.City >= 0 {
			return p.errf(l.n, "%s already belongs to %s", s, m.Cities[info.City].Name)
		}
		var edges [4]Terrain
		if len(args[2]) != 4 {
			return p.errf(l.n, "edges %q: give four letters (C, R or F) for N, E, S and W", args[2])
		}
		for d := range 4 {
			switch args[2][d] {
			case 'C':
				edges[d] = City
			case 'R':
				edges[d] = Road
			case 'F':
				edges[d] = Field
			default:
				return p.errf(l.n, "edges %q: %q is not C, R or F", args[2], args[2][d])
			}
		}
		ci := len(m.Cities) - 1
		info.City = ci
		info.Name = m.Cities[ci].Name
		m.Cities[ci].Squares = append(m.Cities[ci].Squares, CitySquare{Square: s, Edges: edges})
	case "border":
		if err := need(4, "border SQ DIR road|city|city+arms [name=X]"); err != nil {
			return err
		}
		s, info, err := p.square(l.n, args[1], Playable)
		if err != nil {
			return err
		}
		d, err := ParseDir(args[2])
		if err != nil {
			return p.errf(l.n, "%v", err)
		}
		if n, ok := s.Step(d); ok && m.Info(n).Kind != Void {
			return p.errf(l.n, "the %s edge of %s is not an outer edge: %s lies beyond it", d.Word(), s, n)
		}
		if info.Border[d] != Neutral {
			return p.errf(l.n, "the %s edge of %s already has a border connection", d.Word(), s)
		}
		kv, _ := keyValues(args[4:])
		b := BorderConnection{Square: s, Dir: d, Name: kv["name"]}
		switch args[3] {
		case "road":
			b.Kind = BorderRoad
		case "city":
			b.Kind = BorderCity
		case "city+arms":
			b.Kind, b.Arms = BorderCity, true
		default:
			return p.errf(l.n, "border kind %q: use road, city or city+arms", args[3])
		}
		info.Border[d], info.BorderArms[d] = b.Kind, b.Arms
		m.Borders = append(m.Borders, b)
	case "island":
		if err := need(3, "island NAME SQ..."); err != nil {
			return err
		}
		idx := len(m.Islands)
		isl := Island{Name: args[1]}
		for _, a := range args[2:] {
			s, info, err := p.square(l.n, a, Playable)
			if err != nil {
				return err
			}
			if info.Island >= 0 {
				return p.errf(l.n, "%s is already on island %s", s, m.Islands[info.Island].Name)
			}
			info.Island = idx
			isl.Squares = append(isl.Squares, s)
		}
		m.Islands = append(m.Islands, isl)
		p.islandLine = append(p.islandLine, l.n)
	case "arms":
		if err := need(3, "arms SQ N"); err != nil {
			return err
		}
		_, info, err := p.square(l.n, args[1], Playable)
		if err != nil {
			return err
		}
		a, err := strconv.Atoi(args[2])
		if err != nil || a < 1 || a > 9 {
			return p.errf(l.n, "arms %q: want a number from 1 to 9", args[2])
		}
		info.Arms = a
	case "ferry":
		if len(args) != 3 {
			return p.errf(l.n, "ferry: usage: ferry SQ:DIR SQ:DIR (harbour, then landing)")
		}
		var ends [2]Square
		var dirs [2]Dir
		for i, a := range args[1:] {
			sq, dn, ok := strings.Cut(a, ":")
			if !ok {
				return p.errf(l.n, "ferry end %q: write SQ:DIR like F7:W", a)
			}
			s, _, err := p.square(l.n, sq, Playable)
			if err != nil {
				return err
			}
			d, err := ParseDir(dn)
			if err != nil {
				return p.errf(l.n, "%v", err)
			}
			if n, ok := s.Step(d); ok && m.Info(n).Kind != Void {
				return p.errf(l.n, "ferry end %s: the %s edge of %s must face the sea, but %s lies beyond it", a, d.Word(), s, n)
			}
			ends[i], dirs[i] = s, d
		}
		m.Ferries = append(m.Ferries, Ferry{Harbour: ends[0], HarbourDir: dirs[0], Landing: ends[1], LandingDir: dirs[1], Island: -1})
		p.ferryLine = append(p.ferryLine, l.n)
	case "mark":
		if err := need(3, "mark SQ KIND [K=V...]"); err != nil {
			return err
		}
		_, info, err := p.square(l.n, args[1], Marked)
		if err != nil {
			return err
		}
		info.Mark = args[2]
		kv, _ := keyValues(args[3:])
		info.Attrs = kv
	case "attr":
		if err := need(3, "attr SQ K=V..."); err != nil {
			return err
		}
		_, info, err := p.square(l.n, args[1], Playable)
		if err != nil {
			return err
		}
		kv, rest := keyValues(args[2:])
		if len(rest) > 0 {
			return p.errf(l.n, "attr: %q is not K=V", rest[0])
		}
		if info.Attrs == nil {
			info.Attrs = map[string]string{}
		}
		for k, v := range kv {
			info.Attrs[k] = v
		}
	case "row":
		if err := need(3, "row N K=V..."); err != nil {
			return err
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > m.Rows {
			return p.errf(l.n, "row %q: want a row number from 1 to %d", args[1], m.Rows)
		}
		kv, rest := keyValues(args[2:])
		if len(rest) > 0 {
			return p.errf(l.n, "row: %q is not K=V", rest[0])
		}
		m.RowAttrs[n-1] = kv
	case "area":
		if err := need(3, "area ID NAME [near=SQ]"); err != nil {
			return err
		}
		kv, rest := keyValues(args[1:])
		a := Area{ID: rest[0], Name: strings.Join(rest[1:], " "), Near: NoSquare}
		if v, ok := kv["near"]; ok {
			s, err := ParseSquare(v)
			if err != nil || !m.In(s) {
				return p.errf(l.n, "area near=%q: not a square of the grid", v)
			}
			a.Near = s
		}
		m.Areas = append(m.Areas, a)
	case "legend":
		return p.legend(l)
	default:
		return p.errf(l.n, "unknown directive %q", args[0])
	}
	return nil
}
