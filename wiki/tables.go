package wiki

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/suggest"
)

// TableKinds are the kinds of rule tables, as ExtractOptions.Kind takes them.
var TableKinds = []string{extract.KindCards.String(), extract.KindScoring.String(), extract.KindRoyalties.String(),
	extract.KindOptions.String(), extract.KindTable.String()}

// checkKind refuses a kind that is not one (""  is every kind).
func checkKind(kind string) error {
	if kind != "" && !slices.Contains(TableKinds, kind) {
		return fmt.Errorf("--kind %q: expected one of %s", kind, strings.Join(TableKinds, ", "))
	}
	return nil
}

// keepKind keeps the tables of one kind ("": all).
func keepKind(pt *extract.PageTables, kind string) {
	if kind != "" {
		pt.Tables = slices.DeleteFunc(pt.Tables, func(t *extract.Table) bool { return t.Kind.String() != kind })
	}
}

// keepTable keeps the one table q names (pickTable), and the pages it is
// on.
func keepTable(pages []*extract.PageTables, q string) ([]*extract.PageTables, error) {
	id, err := pickTable(pages, q)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(pages, func(pt *extract.PageTables) bool {
		pt.Tables = slices.DeleteFunc(pt.Tables, func(t *extract.Table) bool { return t.ID != id })
		return len(pt.Tables) == 0
	}), nil
}

// pickTable resolves a table id given in full or as a unique prefix of the
// id, or of the id without its "game/".
func pickTable(pages []*extract.PageTables, q string) (string, error) {
	var ids, matches []string
	seen := map[string]bool{}
	for _, pt := range pages {
		for _, t := range pt.Tables {
			if seen[t.ID] {
				continue
			}
			seen[t.ID] = true
			ids = append(ids, t.ID)
			if t.ID == q {
				return q, nil
			}
			_, local, _ := strings.Cut(t.ID, "/")
			if strings.HasPrefix(t.ID, q) || strings.HasPrefix(local, q) {
				matches = append(matches, t.ID)
			}
		}
	}
	switch len(matches) {
	case 1:
		return matches[0], nil
	case 0:
		if len(ids) == 0 {
			return "", fmt.Errorf("--table %q: no tables to choose from", q)
		}
		near := suggest.Nearest(q, ids, 3)
		if len(near) == 0 {
			var locals []string
			for _, id := range ids {
				_, local, _ := strings.Cut(id, "/")
				locals = append(locals, local)
			}
			for _, l := range suggest.Nearest(q, locals, 3) {
				for _, id := range ids {
					if strings.HasSuffix(id, "/"+l) {
						near = append(near, id)
					}
				}
			}
		}
		return "", fmt.Errorf("--table %q: no table has that id%s", q, suggest.DidYouMean(near))
	}
	sort.Strings(matches)
	n := len(matches)
	if n > 5 {
		matches = append(matches[:5], "…")
	}
	return "", fmt.Errorf("--table %q matches %d tables (%s): give more of the id", q, n, strings.Join(matches, ", "))
}
