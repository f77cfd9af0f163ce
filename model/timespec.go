package model

import (
	"fmt"
	"sort"
	"time"
)

// timePrefixes are the prefixes of TimeLayout a user may give for a
// period: a year, a month, a day, an hour, a minute, a second.
var timePrefixes = []struct {
	layout string
	step   func(time.Time) time.Time
}{
	{"2006", func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }},
	{"2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }},
	{"2006-01-02", func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }},
	{"2006-01-02T15", func(t time.Time) time.Time { return t.Add(time.Hour) }},
	{"2006-01-02T15:04", func(t time.Time) time.Time { return t.Add(time.Minute) }},
	{"2006-01-02T15:04:05", func(t time.Time) time.Time { return t.Add(time.Second) }},
	{TimeLayout, func(t time.Time) time.Time { return t.Add(time.Second) }},
}

// ParseTimeSpan reads a timestamp or a prefix of one ("2024", "2024-01",
// "2024-01-12", "2024-01-12T18:22", "2024-01-12T18:22:41Z") as the period it
// names, in UTC: [start, end).
func ParseTimeSpan(s string) (start, end time.Time, err error) {
	for _, p := range timePrefixes {
		if len(s) != len(p.layout) {
			continue
		}
		if t, err := time.Parse(p.layout, s); err == nil {
			return t, p.step(t), nil
		}
	}
	// A timestamp with a zone offset (RFC 3339) is an instant too.
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		t = t.UTC().Truncate(time.Second)
		return t, t.Add(time.Second), nil
	}
	return time.Time{}, time.Time{}, fmt.Errorf("%q is not a timestamp or a prefix of one (such as 2024-01-12T18:22:41Z, 2024-01-12 or 2024-01)", s)
}

// Nearest returns the revisions just before and just after t (nil when
// there is none), for messages about a time at which a page has no
// revision.
func (p *Page) Nearest(t time.Time) (before, after *Revision) {
	i := sort.Search(len(p.Revisions), func(i int) bool { return !p.Revisions[i].Timestamp.Before(t) })
	if i > 0 {
		before = p.Revisions[i-1]
	}
	if i < len(p.Revisions) {
		after = p.Revisions[i]
	}
	return before, after
}

// nearestText says which revisions are nearest to the period spec names,
// or "" when spec is not a time.
func (p *Page) nearestText(spec string) string {
	start, end, err := ParseTimeSpan(spec)
	if err != nil {
		return ""
	}
	before, _ := p.Nearest(start)
	_, after := p.Nearest(end)
	switch {
	case before != nil && after != nil:
		return fmt.Sprintf("nearest: %s before it, %s after it", FormatTime(before.Timestamp), FormatTime(after.Timestamp))
	case before != nil:
		return fmt.Sprintf("the last is %s, before it", FormatTime(before.Timestamp))
	case after != nil:
		return fmt.Sprintf("the first is %s, after it", FormatTime(after.Timestamp))
	}
	return ""
}
