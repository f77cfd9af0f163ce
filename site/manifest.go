package site

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/wikirules/wikirules/model"
)

// The manifest (manifestPath) is binary: a site of 10,000 pages records
// tens of MB of summaries (the search entries mostly), which a rebuild
// reads whole before it can tell what changed. As JSON it took longer to
// read than the one page changed took to build. The layout:
//
//	magic "\x00wikirules-manifest" and the format's version (one byte)
//	uvarint length, then the head as JSON (version, global key, stats,
//	    the site-wide files: small)
//	uvarint count of units, then per unit: uvarint length, then the
//	    unit's record (encodeUnit), in order of id
//	uvarint length, then the search index's postings (postingsRecord)
//	CRC-32C (Castagnoli) of everything before it, 4 bytes little-endian
//
// A unit's record is decoded without copying its strings (they point into
// the file's bytes, which stay alive as long as they do), and a unit reused
// is written back as the bytes it was read from. A file that does not read
// back exactly (another format, a bad checksum, a record cut short) is an
// error naming what is wrong; the build then builds the site anew.
const (
	manifestMagic   = "\x00wikirules-manifest"
	manifestVersion = 3
)

// castagnoli is the CRC-32C table, made at first use: made when the
// program starts, it was a fiftieth of every command's start-up, building
// or not.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// manifestError is a manifest that cannot be read.
func manifestError(format string, args ...any) error {
	return fmt.Errorf("%s: "+format, append([]any{manifestPath}, args...)...)
}

// writeManifestTo writes m: units reused as the record they were read
// from, the others encoded.
func writeManifestTo(w io.Writer, m *manifest) error {
	crc := crc32.New(castagnoli())
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<20)
	head := *m
	head.Units = nil
	hj, err := json.Marshal(&head)
	if err != nil {
		return err
	}
	var buf []byte
	buf = append(buf, manifestMagic...)
	buf = append(buf, manifestVersion)
	buf = binary.AppendUvarint(buf, uint64(len(hj)))
	buf = append(buf, hj...)
	ids := make([]string, 0, len(m.Units))
	for id := range m.Units {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	buf = binary.AppendUvarint(buf, uint64(len(ids)))
	bw.Write(buf)
	// One buffer encodes every unit not reused: a site's units are tens of
	// MB of records, which grown afresh per unit were most of the
	// manifest's cost (and the manifest is written after every page).
	e := &encoder{}
	for _, id := range ids {
		u := m.Units[id]
		rec := u.raw
		if rec == nil {
			e.b = e.b[:0]
			e.unit(u)
			rec = e.b
		}
		buf = binary.AppendUvarint(buf[:0], uint64(len(rec)))
		bw.Write(buf)
		bw.Write(rec)
	}
	buf = binary.AppendUvarint(buf[:0], uint64(len(m.postings)))
	bw.Write(buf)
	bw.Write(m.postings)
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err = w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	return err
}

// readManifest reads the manifest of the site in out: nil and no error
// when there is none; an error saying what is wrong when it cannot be read.
// The file is mapped, and the units' strings point into it: m.release
// unmaps it once the build is over, and nothing read from the units may
// outlive the build (the units' warnings and checks are decoded from JSON,
// copied; what the pages show is copied into them).
func readManifest(out string) (*manifest, error) {
	data, release, err := mapRead(filepath.Join(out, filepath.FromSlash(manifestPath)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	m, err := decodeManifest(data)
	if err != nil {
		release()
		return nil, err
	}
	m.release = release
	return m, nil
}

// decodeManifest decodes a manifest's bytes; the units' strings share data.
func decodeManifest(data []byte) (*manifest, error) {
	n := len(manifestMagic)
	if len(data) < n+1+4 || string(data[:n]) != manifestMagic {
		return nil, manifestError("not a wikirules manifest (no manifest header)")
	}
	if v := data[n]; v != manifestVersion {
		return nil, manifestError("format version %d, this program reads version %d", v, manifestVersion)
	}
	body := data[:len(data)-4]
	if got, want := crc32.Checksum(body, castagnoli()), binary.LittleEndian.Uint32(data[len(data)-4:]); got != want {
		return nil, manifestError("checksum mismatch (the file was changed or cut short)")
	}
	d := &decoder{b: body, off: n + 1}
	hj := d.bytes()
	var m manifest
	if d.err == nil {
		if err := json.Unmarshal(hj, &m); err != nil {
			return nil, manifestError("head: %v", err)
		}
	}
	count := d.uvarint()
	if d.err == nil && count > uint64(len(body)) {
		d.fail("%d units in %d bytes", count, len(body))
	}
	var recs [][]byte
	for i := uint64(0); d.err == nil && i < count; i++ {
		recs = append(recs, d.bytes())
	}
	m.postings = d.bytes()
	if d.err == nil && d.off != len(body) {
		d.fail("%d bytes after the search postings", len(body)-d.off)
	}
	if d.err != nil {
		return nil, d.err
	}
	// The records are decoded on every core.
	units := make([]*unitSummary, len(recs))
	errs := make([]error, len(recs))
	var wg sync.WaitGroup
	workers := max(1, min(len(recs)/64, numWorkers()))
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(recs); i += workers {
				units[i], errs[i] = decodeUnit(recs[i])
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	m.Units = make(map[string]*unitSummary, len(units))
	for _, u := range units {
		if m.Units[u.ID] != nil {
			return nil, manifestError("unit %q recorded twice", u.ID)
		}
		m.Units[u.ID] = u
	}
	return &m, nil
}

// unitExtra are the rarer parts of a unit's record, as JSON: the checks
// and the warnings.
type unitExtra struct {
	Checks   []*CheckView  `json:"checks,omitempty"`
	Warnings model.MsgList `json:"warnings,omitempty"`
}

// encodeUnit encodes a unit's summary as its manifest record.
func encodeUnit(u *unitSummary) []byte {
	e := &encoder{}
	e.unit(u)
	return e.b
}

// unit appends u's record.
func (e *encoder) unit(u *unitSummary) {
	e.str(u.ID)
	e.str(u.Key)
	keys := make([]string, 0, len(u.Deps))
	for k := range u.Deps {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.uvarint(uint64(len(keys)))
	for _, k := range keys {
		e.str(k)
		e.str(u.Deps[k])
	}
	e.strs(u.Files)
	if g := u.Game; g != nil {
		e.bool(true)
		e.str(g.Slug)
		e.str(g.Name)
		e.str(g.NameKey)
		e.str(g.Dir)
		e.varint(int64(g.Tables))
		e.bool(g.HasTips)
		e.time(g.Updated)
		e.str(g.Group)
	} else {
		e.bool(false)
	}
	e.uvarint(uint64(len(u.Pages)))
	for _, p := range u.Pages {
		e.str(p.Title)
		e.str(p.Name)
		e.uvarint(uint64(p.Kind))
		e.str(p.Dir)
		e.strs(p.Categories)
		e.uvarint(uint64(len(p.Revisions)))
		for _, r := range p.Revisions {
			e.time(r.Time)
			e.str(r.Author)
			e.str(r.Summary)
			e.varint(int64(r.Delta))
			e.str(r.Anchor)
			e.bool(r.RulesChanged)
		}
		e.uvarint(uint64(len(p.Search)))
		for _, s := range p.Search {
			e.str(s.Title)
			e.str(s.Page)
			e.str(s.URL)
			e.str(s.Kind)
			e.str(s.Text)
			e.str(s.Words)
		}
	}
	x := u.extraJSON()
	e.uvarint(uint64(len(x)))
	e.b = append(e.b, x...)
}

// decodeUnit decodes a unit's record; its strings share rec.
func decodeUnit(rec []byte) (*unitSummary, error) {
	d := &decoder{b: rec}
	u := &unitSummary{raw: rec}
	u.ID = d.str()
	u.Key = d.str()
	if n := d.count(2); n > 0 {
		u.Deps = make(map[string]string, n)
		for range n {
			k := d.str()
			u.Deps[k] = d.str()
		}
	}
	u.Files = d.strs()
	if d.bool() {
		g := &gameSummary{}
		g.Slug = d.str()
		g.Name = d.str()
		g.NameKey = d.str()
		g.Dir = d.str()
		g.Tables = int(d.varint())
		g.HasTips = d.bool()
		g.Updated = d.time()
		g.Group = d.str()
		u.Game = g
	}
	if n := d.count(8); n > 0 {
		u.Pages = make([]*pageSummary, n)
		for i := range u.Pages {
			p := &pageSummary{}
			p.Title = d.str()
			p.Name = d.str()
			p.Kind = model.PageKind(d.uvarint())
			p.Dir = d.str()
			p.Categories = d.strs()
			if n := d.count(10); n > 0 {
				revs := make([]revSummary, n)
				p.Revisions = make([]*revSummary, n)
				for j := range revs {
					r := &revs[j]
					r.Time = d.time()
					r.Author = d.str()
					r.Summary = d.str()
					r.Delta = int(d.varint())
					r.Anchor = d.str()
					r.RulesChanged = d.bool()
					p.Revisions[j] = r
				}
			}
			if n := d.count(6); n > 0 {
				p.Search = make([]searchDoc, n)
				for j := range p.Search {
					s := &p.Search[j]
					s.Title = d.str()
					s.Page = d.str()
					s.URL = d.str()
					s.Kind = d.str()
					s.Text = d.str()
					s.Words = d.str()
				}
			}
			u.Pages[i] = p
		}
	}
	if x := d.bytes(); d.err == nil && len(x) > 0 {
		var ex unitExtra
		if err := json.Unmarshal(x, &ex); err != nil {
			d.fail("checks and warnings: %v", err)
		}
		u.Checks, u.Warnings, u.extra = ex.Checks, ex.Warnings, x
	}
	if d.err == nil && d.off != len(rec) {
		d.fail("%d bytes after the record", len(rec)-d.off)
	}
	if d.err != nil {
		return nil, fmt.Errorf("unit %q: %w", u.ID, d.err)
	}
	return u, nil
}

// encoder appends a record's fields.
type encoder struct{ b []byte }

func (e *encoder) uvarint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }
func (e *encoder) varint(n int64)   { e.b = binary.AppendVarint(e.b, n) }

func (e *encoder) str(s string) {
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *encoder) strs(list []string) {
	e.uvarint(uint64(len(list)))
	for _, s := range list {
		e.str(s)
	}
}

func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// time records an instant (seconds and nanoseconds since 1970); it reads
// back in UTC, as the site shows every time.
func (e *encoder) time(t time.Time) {
	if t.IsZero() {
		e.bool(false)
		return
	}
	e.bool(true)
	e.varint(t.Unix())
	e.uvarint(uint64(t.Nanosecond()))
}

// decoder reads a record's fields; the first problem stops it (every later
// read returns a zero value) and is kept in err, with its offset.
type decoder struct {
	b   []byte
	off int
	err error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = manifestError("corrupt at byte %d: "+format, append([]any{d.off}, args...)...)
	}
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.b[d.off:])
	if k <= 0 {
		d.fail("a number cut short")
		return 0
	}
	d.off += k
	return n
}

// varint reads what binary.AppendVarint wrote: a zig-zag uvarint.
func (d *decoder) varint() int64 {
	u := d.uvarint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

// count reads a number of items each at least min bytes long, checked
// against the bytes left (so a corrupt count cannot allocate much).
func (d *decoder) count(min int) int {
	n := d.uvarint()
	if n > uint64((len(d.b)-d.off)/min) {
		d.fail("%d items in %d bytes", n, len(d.b)-d.off)
		return 0
	}
	return int(n)
}

func (d *decoder) bytes() []byte {
	n := d.uvarint()
	if d.err != nil {
		return nil
	}
	if n > uint64(len(d.b)-d.off) {
		d.fail("%d bytes expected, %d left", n, len(d.b)-d.off)
		return nil
	}
	s := d.b[d.off : d.off+int(n) : d.off+int(n)]
	d.off += int(n)
	return s
}

// str reads a string that shares the record's bytes (they are never
// changed).
func (d *decoder) str() string {
	b := d.bytes()
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func (d *decoder) strs() []string {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	list := make([]string, n)
	for i := range list {
		list[i] = d.str()
	}
	return list
}

func (d *decoder) bool() bool {
	if d.err != nil {
		return false
	}
	if d.off >= len(d.b) || d.b[d.off] > 1 {
		d.fail("a flag cut short or not 0 or 1")
		return false
	}
	d.off++
	return d.b[d.off-1] == 1
}

func (d *decoder) time() time.Time {
	if !d.bool() {
		return time.Time{}
	}
	s := d.varint()
	ns := d.uvarint()
	if ns >= 1e9 {
		d.fail("nanoseconds %d out of range", ns)
		return time.Time{}
	}
	return time.Unix(s, int64(ns)).UTC()
}
