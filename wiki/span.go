package wiki

import (
	"fmt"
	"time"

	"github.com/wikirules/wikirules/model"
)

// Span selects revisions by time, as `history --since/--until` give it:
// each bound is a timestamp or a prefix of one ("2024", "2024-01",
// "2024-01-12T18"), or "" for no bound. Since is the start of the period it
// names and Until its end, so both bounds are included: Until "2024-01" is
// up to the end of January.
type Span struct {
	Since, Until string
}

// Range returns the positions [i, j) of p's revisions within the span.
func (s Span) Range(p *model.Page) (i, j int, err error) {
	var from, to time.Time
	if s.Since != "" {
		if from, _, err = model.ParseTimeSpan(s.Since); err != nil {
			return 0, 0, fmt.Errorf("--since: %w", err)
		}
	}
	if s.Until != "" {
		if _, to, err = model.ParseTimeSpan(s.Until); err != nil {
			return 0, 0, fmt.Errorf("--until: %w", err)
		}
		if s.Since != "" && !to.After(from) {
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
