package pull

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/wikirules/wikirules/model"
)

// Summary is what a pull did.
type Summary struct {
	API  string `json:"api"`
	Site string `json:"site"`
	Dir  string `json:"dir"`
	// Pages is how many pages the store holds after the pull.
	Pages   int `json:"pages"`
	New     int `json:"new"`
	Updated int `json:"updated"`
	Renamed int `json:"renamed"`
	Removed int `json:"removed"`
	// Changes lists every page the pull wrote or removed.
	Changes []Change `json:"changes"`
	// Revisions is how many revisions were added to the store; Bytes is
	// how much wikitext was fetched.
	Revisions int   `json:"revisions"`
	Bytes     int64 `json:"bytes"`
	Media     Media `json:"media"`
	// Requests counts HTTP requests (retries included).
	Requests int `json:"requests"`
	Retries  int `json:"retries"`
	// Warnings are sorted by place (model.MsgList).
	Warnings model.MsgList `json:"warnings"`
	Elapsed  time.Duration `json:"-"`
}

// Change is one page the pull wrote or removed.
type Change struct {
	Title string `json:"title"`
	// Change is new, updated, renamed, refetched or removed.
	Change    string `json:"change"`
	FromTitle string `json:"from_title,omitempty"`
	// From is the timestamp of the page's latest revision before this
	// pull, FromRevID its id (none for a new page): `wikirules diff TITLE
	// DIR --from FROM` shows what the pull brought.
	From      string `json:"from,omitempty"`
	FromRevID int64  `json:"from_revid,omitempty"`
	Revisions int    `json:"revisions"` // revisions added
	Reason    string `json:"reason,omitempty"`
	File      string `json:"file"`
}

// Media counts the uploaded files.
type Media struct {
	Files      int   `json:"files"`      // used by the pages and present in the directory
	Downloaded int   `json:"downloaded"` // fetched by this pull
	Bytes      int64 `json:"bytes"`      // bytes fetched
	Missing    int   `json:"missing"`    // used by the pages but not on the wiki
	Removed    int   `json:"removed"`    // no longer used, set aside
}

// Changed reports whether the pull changed the store's pages.
func (s *Summary) Changed() bool { return len(s.Changes) > 0 }

// MarshalJSON adds the elapsed time in seconds.
func (s *Summary) MarshalJSON() ([]byte, error) {
	type plain Summary
	changes, warnings := s.Changes, s.Warnings
	if changes == nil {
		changes = []Change{}
	}
	if warnings == nil {
		warnings = model.MsgList{}
	}
	return json.Marshal(struct {
		*plain
		Changes  []Change      `json:"changes"`
		Warnings model.MsgList `json:"warnings"`
		Seconds  float64       `json:"seconds"`
	}{(*plain)(s), changes, warnings, s.Elapsed.Round(time.Millisecond).Seconds()})
}

// String is the one-line summary.
func (s *Summary) String() string {
	var b strings.Builder
	took := fmt.Sprintf("%s in %s", plural(s.Requests, "request"), s.Elapsed.Round(time.Millisecond))
	if s.Retries > 0 {
		took = fmt.Sprintf("%s (%d retried) in %s", plural(s.Requests, "request"), s.Retries, s.Elapsed.Round(time.Millisecond))
	}
	if !s.Changed() && s.Media.Downloaded == 0 && s.Media.Removed == 0 {
		fmt.Fprintf(&b, "%s is up to date with %s: %s, nothing new (%s)", s.Dir, s.API, plural(s.Pages, "page"), took)
	} else {
		var parts []string
		for _, c := range []struct {
			n    int
			what string
		}{{s.New, "new"}, {s.Updated, "updated"}, {s.Renamed, "renamed"}, {s.Removed, "removed"}} {
			if c.n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
			}
		}
		fmt.Fprintf(&b, "pulled %s into %s: %s (%s), %s, %s", s.API, s.Dir, plural(s.Pages, "page"), strings.Join(parts, ", "),
			plural(s.Revisions, "new revision"), byteSize(s.Bytes))
		if s.Media.Downloaded > 0 || s.Media.Removed > 0 {
			fmt.Fprintf(&b, "; %s downloaded (%s)", plural(s.Media.Downloaded, "file"), byteSize(s.Media.Bytes))
		}
		fmt.Fprintf(&b, "; %s", took)
	}
	if len(s.Warnings) > 0 {
		fmt.Fprintf(&b, "; %s", plural(len(s.Warnings), "warning"))
	}
	return b.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func byteSize(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
}
