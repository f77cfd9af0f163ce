package wiki

import (
	"fmt"
	"time"

	"github.com/wikirules/wikirules/model"
)

// Span selects revisions by time, as the --since and --until of history,
// diff --all and blame give it: each bound is a timestamp or a prefix of one
// ("2024", "2024-01", "2024-01-12T18"), or "" for no bound. A prefix names a
// period: Since is its start and Until its end, so both are included (Until
// "2024-01" is up to the end of January). A whole timestamp names an instant,
// a revision's time: Since keeps the revisions after it (what came since that
// revision: a pull's "from"), Until keeps it, as git's A..B does.
type Span struct {
	Since, Until string
}

// Range returns the positions [i, j) of p's revisions within the span.
func (s Span) Range(p *model.Page) (i, j int, err error) {
	var from, to time.Time
	var start time.Time
	if s.Since != "" {
		var end time.Time
		if start, end, err = model.ParseTimeSpan(s.Since); err != nil {
			return 0, 0, fmt.Errorf("--since: %w", err)
		}
		from = start
		if end.Sub(start) == time.Second {
			// An instant (timestamps are to the second): after it.
			from = end
		}
	}
	if s.Until != "" {
		if _, to, err = model.ParseTimeSpan(s.Until); err != nil {
			return 0, 0, fmt.Errorf("--until: %w", err)
		}
		if s.Since != "" && !to.After(start) {
			return 0, 0, fmt.Errorf("--since %s is after --until %s", s.Since, s.Until)
		}
	}
	i, j = 0, len(p.Revisions)
	for i < j && p.Revisions[i].Timestamp.Before(from) {
		i++
	}
	for j > i && !to.IsZero() && !p.Revisions[j-1].Timestamp.Before(to) {
		j--
	}
	return i, j, nil
}
