package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/wikirules/wikirules/corpus/feed"
	watomic "github.com/wikirules/wikirules/internal/atomic"
)

// The feed indexes (Options.FeedIndexDir) are files named after a hash of
// the feed's absolute path. They only ever save time: an index that is
// missing, damaged or of another version is no index (the feed is read
// whole and a new index written), and one that cannot be written is not
// written; what the loader reads is the same either way.

// minIndexedFeed is the smallest feed the loader keeps an index of: a
// smaller one is read in a few milliseconds anyway (a variable for the
// tests).
var minIndexedFeed = 1 << 20

// feedIndexMaxAge is how long an index nobody read stays in the
// directory: saving an index removes those older (their feeds are gone or
// no longer read).
const feedIndexMaxAge = 30 * 24 * time.Hour

// feedIndexPath is the file of name's index in dir.
func feedIndexPath(dir, name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = name
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(dir, "feed-"+hex.EncodeToString(sum[:16])+".idx")
}

// loadFeedIndex returns the index kept for the feed name, or nil.
func loadFeedIndex(dir, name string) *feed.Index {
	p := feedIndexPath(dir, name)
	data, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	now := time.Now()
	os.Chtimes(p, now, now) // in use: not trimmed
	ix := new(feed.Index)
	if ix.UnmarshalBinary(data) != nil {
		return nil
	}
	return ix
}

// saveFeedIndex keeps ix for the feed name (a temporary file renamed over
// the old one: a reader sees an index whole or none).
func saveFeedIndex(dir, name string, ix *feed.Index) {
	data, err := ix.MarshalBinary()
	if err != nil {
		return
	}
	if os.MkdirAll(dir, 0o700) != nil {
		return
	}
	watomic.WriteFile(feedIndexPath(dir, name), 0o600, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	trimFeedIndexes(dir)
}

// trimFeedIndexes removes the indexes not read for feedIndexMaxAge.
func trimFeedIndexes(dir string) {
	old, _ := filepath.Glob(filepath.Join(dir, "feed-*.idx"))
	for _, p := range old {
		if st, err := os.Stat(p); err == nil && time.Since(st.ModTime()) > feedIndexMaxAge {
			os.Remove(p)
		}
	}
}
