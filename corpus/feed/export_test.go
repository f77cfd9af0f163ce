package feed

// Hooks for the tests of package feed_test, which may use
// internal/testgen (it imports this package).

// SplitStats says how a reading in parts went.
type SplitStats struct {
	Parts  int // parts read at once
	Unused int // parts read but not used: the one before did not end where they began
}

// ParseSequential reads data in one go, whatever its size.
func ParseSequential(name string, data []byte, opts Options) (*Feed, error) {
	opts.split = &splitConfig{parts: 1}
	return Parse(name, data, opts)
}

// ParseParts reads data as Parse reads a large feed, in at most parts
// parts of at least minPart bytes.
func ParseParts(name string, data []byte, opts Options, parts, minPart int) (*Feed, SplitStats, error) {
	var st splitStats
	opts.split = &splitConfig{parts: parts, minPart: minPart, stats: &st}
	f, err := Parse(name, data, opts)
	return f, SplitStats{Parts: st.parts, Unused: st.fallbacks}, err
}

// ParseCut reads data in parts beginning at points (offsets in the cleaned
// data), which need not be where entries begin.
func ParseCut(name string, data []byte, opts Options, points []int) (*Feed, SplitStats, error) {
	var st splitStats
	opts.split = &splitConfig{points: points, stats: &st}
	f, err := Parse(name, data, opts)
	return f, SplitStats{Parts: st.parts, Unused: st.fallbacks}, err
}

// HostileFeeds are the feeds of hostile_test.go.
var HostileFeeds = hostileFeeds
