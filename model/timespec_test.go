package model

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeSpan(t *testing.T) {
	for in, want := range map[string][2]string{
		"2024":                 {"2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z"},
		"2024-02":              {"2024-02-01T00:00:00Z", "2024-03-01T00:00:00Z"},
		"2024-02-28":           {"2024-02-28T00:00:00Z", "2024-02-29T00:00:00Z"},
		"2024-02-28T23":        {"2024-02-28T23:00:00Z", "2024-02-29T00:00:00Z"},
		"2024-02-28T23:59":     {"2024-02-28T23:59:00Z", "2024-02-29T00:00:00Z"},
		"2024-02-28T23:59:59":  {"2024-02-28T23:59:59Z", "2024-02-29T00:00:00Z"},
		"2024-02-28T23:59:59Z": {"2024-02-28T23:59:59Z", "2024-02-29T00:00:00Z"},
	} {
		start, end, err := ParseTimeSpan(in)
		if err != nil || FormatTime(start) != want[0] || FormatTime(end) != want[1] {
			t.Errorf("%s: [%s, %s) %v, want [%s, %s)", in, FormatTime(start), FormatTime(end), err, want[0], want[1])
		}
	}
	for _, bad := range []string{"", "24", "2024-13", "2024-1-2", "yesterday", "2024-02-30", "2024-02-28 23:59"} {
		if _, _, err := ParseTimeSpan(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// A time at which a page has no revision names the nearest ones.
func TestSelectRevisionNearest(t *testing.T) {
	p := &Page{Title: "P"}
	for _, ts := range []string{"2024-01-10T09:00:00Z", "2024-01-12T18:22:41Z"} {
		at, _ := time.Parse(TimeLayout, ts)
		p.Revisions = append(p.Revisions, &Revision{Timestamp: at})
	}
	for spec, want := range map[string]string{
		"2024-01-11":           "P has no revision at 2024-01-11 (nearest: 2024-01-10T09:00:00Z before it, 2024-01-12T18:22:41Z after it)",
		"2024-01-10T09:00:01Z": "P has no revision at 2024-01-10T09:00:01Z (nearest: 2024-01-10T09:00:00Z before it, 2024-01-12T18:22:41Z after it)",
		"2023":                 "P has no revision at 2023 (the first is 2024-01-10T09:00:00Z, after it)",
		"2024-02":              "P has no revision at 2024-02 (the last is 2024-01-12T18:22:41Z, before it)",
		"nonsense":             `P has no revision "nonsense" (it has 2, from`,
	} {
		if _, _, err := p.SelectRevision(spec); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v\nwant %s", spec, err, want)
		}
	}
	if before, after := p.Nearest(p.Revisions[1].Timestamp); before != p.Revisions[0] || after != p.Revisions[1] {
		t.Errorf("Nearest at a revision: %v %v", before, after)
	}
}
