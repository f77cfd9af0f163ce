package feed

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"runtime"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/wikirules/wikirules/model"
)

// An Index records where the entries of a feed are and what Parse made of
// them, so that the feed read again after it changed (entries added at the
// top or the end, a revision edited, removed or moved) need not be split
// line by line, checked for UTF-8 and hashed again where its bytes are the
// same: ParseIndexed takes such an entry from the index after checking its
// bytes, and reads only the others as Parse does.
//
// An entry is taken from the index only when its bytes, and those of the
// header of the entry after it (the lines the splitter looks at past an
// entry's end), are the bytes the index recorded: same length, same tag.
// The tag is a GMAC (AES-GCM over the bytes) under a random key of the
// index's own, so an edit of the wiki cannot make changed bytes pass for
// the recorded ones; checking it runs at several GB/s, several times the
// speed of splitting and hashing.
type Index struct {
	key     [16]byte
	entries []indexEntry
	aead    cipher.AEAD
}

// indexEntry is one entry of the feed the index was made from.
type indexEntry struct {
	size  uint32 // bytes from the entry's title line to the next entry's (or the end of the feed)
	next  uint32 // bytes of the next entry's header the tag covers too; 0 for the last entry
	body  uint32 // where the text starts, from the title line
	text  uint32 // the text's length
	lines uint32 // lines the entry's bytes hold
	key   uint64 // FNV-1a of the title and timestamp lines: where to look for it
	tag   [16]byte
	sha1  [20]byte
}

const (
	indexMagic   = "wikirules feed index\n"
	indexVersion = 1
	indexRecord  = 5*4 + 8 + 16 + 20
)

// newIndex returns an empty index with a fresh key.
func newIndex() (*Index, error) {
	ix := &Index{}
	if _, err := rand.Read(ix.key[:]); err != nil {
		return nil, err
	}
	return ix, ix.init()
}

func (ix *Index) init() error {
	block, err := aes.NewCipher(ix.key[:])
	if err != nil {
		return err
	}
	ix.aead, err = cipher.NewGCM(block)
	return err
}

// Len is the number of entries the index describes.
func (ix *Index) Len() int { return len(ix.entries) }

var zeroNonce [12]byte

// tag is the GMAC of b.
func (ix *Index) tag(b []byte) (t [16]byte) {
	ix.aead.Seal(t[:0], zeroNonce[:], nil, b)
	return t
}

// MarshalBinary encodes the index: a magic line, a version, the key, the
// records, and a CRC-32C of all that.
func (ix *Index) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(indexMagic)+1+16+8+len(ix.entries)*indexRecord+4)
	b = append(b, indexMagic...)
	b = append(b, indexVersion)
	b = append(b, ix.key[:]...)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(ix.entries)))
	for i := range ix.entries {
		e := &ix.entries[i]
		for _, v := range []uint32{e.size, e.next, e.body, e.text, e.lines} {
			b = binary.LittleEndian.AppendUint32(b, v)
		}
		b = binary.LittleEndian.AppendUint64(b, e.key)
		b = append(b, e.tag[:]...)
		b = append(b, e.sha1[:]...)
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli)), nil
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// UnmarshalBinary decodes what MarshalBinary encoded; anything else (a
// file cut short, damaged, or of another version) is an error.
func (ix *Index) UnmarshalBinary(data []byte) error {
	head := len(indexMagic) + 1 + 16 + 8
	if len(data) < head+4 || string(data[:len(indexMagic)]) != indexMagic {
		return errors.New("not a feed index")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return errors.New("feed index damaged (checksum)")
	}
	if v := data[len(indexMagic)]; v != indexVersion {
		return fmt.Errorf("feed index version %d, this program reads version %d", v, indexVersion)
	}
	copy(ix.key[:], data[len(indexMagic)+1:])
	n := binary.LittleEndian.Uint64(data[head-8:])
	if rest := uint64(len(body) - head); n > rest/indexRecord || rest != n*indexRecord {
		return errors.New("feed index damaged (length)")
	}
	ix.entries = make([]indexEntry, n)
	p := body[head:]
	for i := range ix.entries {
		e, r := &ix.entries[i], p[i*indexRecord:(i+1)*indexRecord]
		for k, v := range []*uint32{&e.size, &e.next, &e.body, &e.text, &e.lines} {
			*v = binary.LittleEndian.Uint32(r[4*k:])
		}
		e.key = binary.LittleEndian.Uint64(r[20:])
		copy(e.tag[:], r[28:])
		copy(e.sha1[:], r[44:])
	}
	return ix.init()
}

// lookupKey is the key an entry is found by: its title and timestamp.
func lookupKey(title, ts string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(title))
	h.Write([]byte{'\n'})
	h.Write([]byte(ts))
	return h.Sum64()
}

// ParseIndexed parses data as Parse does, taking the entries whose bytes
// are those old recorded (old may be nil) from old, and returns the index
// of data for the next read: old itself when data holds the same entries
// in the same order, nil when data cannot be indexed (it needed cleaning,
// or has an entry Parse reports as malformed; it is then parsed by Parse).
// The result is Parse's in every case.
func ParseIndexed(name string, data []byte, opts Options, old *Index) (*Feed, *Index, error) {
	if old != nil {
		if f, ix, _, ok := parseWithIndex(name, data, opts, old); ok {
			return f, ix, nil
		}
	}
	f, err := Parse(name, data, opts)
	if err != nil || len(f.Warnings) > 0 {
		return f, nil, err
	}
	return f, indexOf(data, f, opts), nil
}

// maxCandidates is how many recorded entries of an entry's title and
// timestamp ParseIndexed checks before reading the entry anew.
const maxCandidates = 4

// maxIndexed is the largest entry an index records (its sizes are 32-bit).
const maxIndexed = 1<<32 - 1

// indexOf makes the index of a feed Parse read without a change (data
// clean, no error, so the texts are data's bytes in order), or nil. It
// walks the entries again by their headers and checks every boundary and
// line against what Parse found.
func indexOf(data []byte, f *Feed, opts Options) *Index {
	if !opts.ShareData || len(data) == 0 || int64(len(data)) > maxIndexed || bytes.HasPrefix(data, bom) || len(f.Entries) == 0 {
		return nil
	}
	ix, err := newIndex()
	if err != nil {
		return nil
	}
	_, next := lineAt(data, 0)
	off, line := next+1, 3
	ix.entries = make([]indexEntry, len(f.Entries))
	offs := make([]int, len(f.Entries)+1)
	for i, e := range f.Entries {
		h, ok, _ := entryHeader(data, off, i == 0)
		last := i+1 == len(f.Entries)
		if !ok || h.title != e.Title || e.Rev.Source.Line != line {
			return nil
		}
		t := e.Rev.Text
		end := h.bodyStart
		if t != "" {
			if h.bodyStart >= len(data) || unsafe.StringData(t) != &data[h.bodyStart] {
				return nil
			}
			end += len(t)
			if !last {
				end += 2 // the blank line before the next title
			}
		} else if !last {
			nb := (&parser{src: data}).scanBody(h.bodyStart, 0)
			if !nb.found {
				return nil
			}
			end = nb.off
		}
		if last && end != len(data) || end > len(data) || end-off > maxIndexed {
			return nil
		}
		ie := &ix.entries[i]
		ie.size, ie.body, ie.text = uint32(end-off), uint32(h.bodyStart-off), uint32(len(t))
		ie.lines = uint32(bytes.Count(data[off:end], []byte{'\n'}))
		ie.key = lookupKey(h.title, h.ts)
		if _, err := hex.Decode(ie.sha1[:], []byte(e.Rev.SHA1)); err != nil {
			return nil
		}
		offs[i] = off
		off, line = end, line+int(ie.lines)
	}
	offs[len(f.Entries)] = off
	ix.finish(data, offs, nil)
	return ix
}

// finish sets the next-header sizes and tags of the entries, whose offsets
// are offs (offs ends with the feed's size), on every core; done marks
// the entries that have them already.
func (ix *Index) finish(data []byte, offs []int, done []bool) {
	n := len(ix.entries)
	for i := range n - 1 {
		if done != nil && done[i] {
			continue
		}
		h, _, _ := entryHeader(data, offs[i+1], false)
		ix.entries[i].next = uint32(min(h.bodyStart, len(data)) - offs[i+1])
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				if done != nil && done[i] {
					continue
				}
				e := &ix.entries[i]
				e.tag = ix.tag(data[offs[i] : offs[i]+int(e.size)+int(e.next)])
			}
		}()
	}
	wg.Wait()
}

// parseWithIndex is ParseIndexed with an index; reused counts the entries
// taken from it. ok is false when data must be read by Parse (a BOM, bytes
// that need cleaning, a malformed entry, a text over the limit: whatever
// Parse reports or changes).
//
// The entries are walked in order, each taken from the index when a
// recorded entry of its title and timestamp fits there (its size ends on
// the next entry's header, or on the end of the feed for the one that
// ended it); the tags of those taken are then checked on every core (the
// check reads every byte, the walk only the headers). Should a tag not
// match (an entry changed without changing its size), the walk is done
// again checking each tag before taking the entry.
func parseWithIndex(name string, data []byte, opts Options, old *Index) (f *Feed, ix *Index, reused int, ok bool) {
	f, ix, taken, ok := walkIndexed(name, data, opts, old, false)
	if !ok {
		return nil, nil, 0, false
	}
	if !old.verify(data, taken) {
		f, ix, taken, ok = walkIndexed(name, data, opts, old, true)
		if !ok {
			return nil, nil, 0, false
		}
	}
	return f, ix, len(taken), true
}

// takenEntry is an entry of the walk taken from the index: old entry j at
// offset off.
type takenEntry struct{ j, off int }

// verify checks the tags of the entries taken, on every core.
func (ix *Index) verify(data []byte, taken []takenEntry) bool {
	workers := min(runtime.GOMAXPROCS(0), max(1, len(taken)/64))
	var bad atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(taken) && !bad.Load(); i += workers {
				if !ix.matches(taken[i].j, data, taken[i].off) {
					bad.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return !bad.Load()
}

// walkIndexed splits data into entries, taking those that fit (check:
// whose tag matches) from old; see parseWithIndex.
func walkIndexed(name string, data []byte, opts Options, old *Index, check bool) (f *Feed, ix *Index, taken []takenEntry, ok bool) {
	if !opts.ShareData || len(data) == 0 || int64(len(data)) > maxIndexed || bytes.HasPrefix(data, bom) {
		return nil, nil, nil, false
	}
	if opts.MaxRevisionBytes <= 0 {
		opts.MaxRevisionBytes = model.DefaultMaxRevisionBytes
	}
	p := &parser{name: name, src: data, opts: opts}
	hdr, next := lineAt(data, 0)
	if next > len(data) || !blankAt(data, next) || !isClean(hdr) {
		return nil, nil, nil, false
	}
	if _, isEntry, _ := entryHeader(data, 0, false); isEntry {
		return nil, nil, nil, false
	}
	n := len(old.entries) + 16
	f = &Feed{Header: string(hdr), Entries: make([]Entry, 0, n)}
	ix = &Index{key: old.key, aead: old.aead, entries: make([]indexEntry, 0, n)}
	offs := make([]int, 0, n)
	done := make([]bool, 0, n)
	taken = make([]takenEntry, 0, n)
	var byKey map[uint64][]int32
	// fits reports whether old entry j may be the one at off: its bytes
	// end where a header begins (or where data ends, for the entry that
	// ended the feed), and, when checking, its tag matches.
	fits := func(j, off int) bool {
		e := &old.entries[j]
		end := off + int(e.size)
		if e.next == 0 {
			if end != len(data) {
				return false
			}
		} else if end+int(e.next) > len(data) {
			return false
		} else if _, ok, _ := entryHeader(data, end, false); !ok {
			return false
		}
		return !check || old.matches(j, data, off)
	}
	off, line, want := next+1, 3, 0 // want: the old entry expected here
	same := true                    // old's entries, in order, so far
	for off < len(data) {
		h, hok, _ := entryHeader(data, off, len(f.Entries) == 0)
		if !hok {
			return nil, nil, nil, false
		}
		k := lookupKey(h.title, h.ts)
		j := -1
		if want < len(old.entries) && old.entries[want].key == k && fits(want, off) {
			j = want
		} else {
			if byKey == nil {
				byKey = make(map[uint64][]int32, len(old.entries))
				for i := range old.entries {
					byKey[old.entries[i].key] = append(byKey[old.entries[i].key], int32(i))
				}
			}
			// A few candidates at most: a feed of many entries with one
			// title and timestamp must not make every entry a search.
			for n, c := range byKey[k] {
				if n == maxCandidates {
					break
				}
				if int(c) != want && fits(int(c), off) {
					j = int(c)
					break
				}
			}
		}
		var e indexEntry
		var text string
		end := 0
		if j >= 0 {
			e = old.entries[j]
			if int(e.text) > opts.MaxRevisionBytes {
				return nil, nil, nil, false
			}
			text = p.text(off+int(e.body), off+int(e.body)+int(e.text))
			end = off + int(e.size)
			same = same && j == want && len(f.Entries) == j
			want = j + 1
			taken = append(taken, takenEntry{j, off})
		} else {
			same = false
			nb := p.scanBody(h.bodyStart, line+6)
			if nb.bad || nb.end-h.bodyStart > opts.MaxRevisionBytes {
				return nil, nil, nil, false
			}
			end = len(data)
			if nb.found {
				end = nb.off
			}
			if end-off > maxIndexed || !isClean(data[off:end]) {
				return nil, nil, nil, false
			}
			if nb.end > h.bodyStart {
				text = p.text(h.bodyStart, nb.end)
			}
			e = indexEntry{size: uint32(end - off), body: uint32(h.bodyStart - off), text: uint32(len(text)), key: k}
			e.lines = uint32(bytes.Count(data[off:end], []byte{'\n'}))
			e.sha1 = sha1.Sum(unsafe.Slice(unsafe.StringData(text), len(text)))
		}
		en := p.entry(h, text, line)
		en.Rev.SHA1 = hex.EncodeToString(e.sha1[:])
		f.Entries = append(f.Entries, en)
		ix.entries = append(ix.entries, e)
		offs = append(offs, off)
		done = append(done, j >= 0)
		line += int(e.lines)
		off = end
	}
	if len(f.Entries) == 0 {
		return nil, nil, nil, false
	}
	if same && len(f.Entries) == len(old.entries) {
		return f, old, taken, true
	}
	offs = append(offs, off)
	// A reused entry's tag covers the next header, the same as before: it
	// was checked. Only the new entries' need making (and the entry before
	// each, whose next header changed: it was not reused then).
	ix.finish(data, offs, done)
	return f, ix, taken, true
}

// matches reports whether old entry i is what data holds at off: its bytes
// and the next entry's header are those recorded (the last entry: up to
// the end of data).
func (ix *Index) matches(i int, data []byte, off int) bool {
	e := &ix.entries[i]
	end := off + int(e.size) + int(e.next)
	if end > len(data) || e.next == 0 && end != len(data) {
		return false
	}
	return ix.tag(data[off:end]) == e.tag
}

// text returns the text at [start, end) of the source as Parse would.
func (p *parser) text(start, end int) string {
	if end <= start {
		return ""
	}
	if p.opts.ShareData {
		return unsafe.String(&p.src[start], end-start)
	}
	return string(p.src[start:end])
}

var bom = []byte("\ufeff")

// isClean reports whether b needs none of what Parse cleans: valid UTF-8,
// no NUL, no CR.
func isClean(b []byte) bool {
	return utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 && bytes.IndexByte(b, '\r') < 0
}
