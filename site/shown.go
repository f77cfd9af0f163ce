package site

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Some site-wide pages show little of what a page's edit changes: the
// checks page (every game's checks), the category pages (who is in each
// category). Each such phase digests what it shows (its inputs, after
// gathering, before rendering); the manifest records the digests (Shown),
// and an in-place build whose digest is the previous build's leaves the
// phase's files as they are rather than rendering them again (a checks
// page of thousands of rows costs more than the page that changed). A
// full build renders everything and records the same digests, so both
// leave the same bytes.

// fieldDigest is a digest being made of fields (appendField): of what a
// phase shows, of a unit's inputs.
type fieldDigest struct {
	h   hash.Hash
	buf []byte
}

func newDigest() *fieldDigest { return &fieldDigest{h: sha256.New()} }

func (d *fieldDigest) add(fields ...string) {
	for _, f := range fields {
		d.buf = appendField(d.buf[:0], f)
		d.h.Write(d.buf)
	}
}

// addBytes adds b as a field.
func (d *fieldDigest) addBytes(b []byte) {
	d.buf = strconv.AppendInt(d.buf[:0], int64(len(b)), 10)
	d.buf = append(d.buf, ':')
	d.h.Write(d.buf)
	d.h.Write(b)
}

func (d *fieldDigest) sum() string { return hex.EncodeToString(d.h.Sum(nil)) }

// unchanged records the digest of what the phase shows, and reports
// whether the phase's files (those of the previous site under prefix) can
// stay as they are: an in-place build, over a previous build that
// finished, which showed the same, and whose files are all there. Those
// files are then the new site's.
func (b *builder) unchanged(phase, dg, prefix string) bool {
	b.shownMu.Lock()
	if b.shown == nil {
		b.shown = map[string]string{}
	}
	b.shown[phase] = dg
	b.shownMu.Unlock()
	prev := b.prev
	if prev == nil || prev.Incomplete || !b.out.inPlace || prev.Shown[phase] != dg {
		return false
	}
	var files []string
	for _, f := range prev.Site {
		if strings.HasPrefix(f, prefix) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return false
	}
	for _, f := range files {
		fp, err := localPath(b.opts.Out, f)
		if err != nil {
			return false
		}
		if st, err := os.Lstat(fp); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	for _, f := range files {
		b.out.add(f)
	}
	return true
}

// checksShown is what the checks page shows: every game's checks, with
// its name and place.
func (b *builder) checksShown(x *siteIndex) string {
	d := newDigest()
	d.add(b.common, "checks")
	for _, u := range x.games {
		if len(u.Checks) == 0 {
			continue
		}
		d.add(u.ID, u.Game.Name, u.Game.Slug, u.Game.Dir)
		d.addBytes(u.extraJSON())
	}
	return d.sum()
}

// categoriesShown is what the category pages show: the members of each
// category, and the category pages' texts with the links in them, which
// resolve against every page, redirect and file of the site (globalKey
// holds the category pages and the media).
func (b *builder) categoriesShown(names []string, members map[string][]Link) string {
	d := newDigest()
	d.add(b.common, b.globalKey, "categories")
	for _, n := range names {
		d.add("\x00category", n)
		for _, m := range members[n] {
			d.add(m.Title, m.URL)
		}
	}
	for _, m := range []map[string]string{b.plan.dir, b.plan.redirects} {
		d.add("\x00map")
		for _, k := range slices.Sorted(maps.Keys(m)) {
			d.add(k, m[k])
		}
	}
	return d.sum()
}

// extraJSON is the unit's checks and warnings as its manifest record
// holds them (encodeUnit).
func (u *unitSummary) extraJSON() []byte {
	if u.extra == nil && (len(u.Checks) > 0 || len(u.Warnings) > 0) {
		u.extra, _ = json.Marshal(unitExtra{u.Checks, u.Warnings})
	}
	return u.extra
}
