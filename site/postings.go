package site

import (
	"encoding/binary"
	"hash/crc32"
	"slices"
	"sort"
	"unsafe"
)

// The search index's postings (per word, the sections that have it) are
// most of what the site-wide pages cost a rebuild: millions of words read
// and looked up, when one page changed. So the manifest keeps the postings
// it was built with (postingsRecord), and a rebuild renumbers them: the
// sections of the units whose words did not change keep their postings,
// moved to where those units' sections are now; only the changed units'
// words are read. The result is what reading every section gives, list
// for list (TestIncrementalPostings).

// postings are the index's words, sorted, and per word its sections'
// numbers, ascending.
type postings struct {
	vocab []string
	lists [][]int32
}

// docRun is a unit's share of the index's sections: n sections from
// start, whose words have checksum sum.
type docRun struct {
	id       string
	start, n int
	sum      uint64
}

// docRuns cuts docs by unit: units[i] gave the next len of its pages'
// Search.
func docRuns(units []*unitSummary, docs []searchDoc) []docRun {
	runs := make([]docRun, 0, len(units))
	at := 0
	for _, u := range units {
		n := 0
		for _, p := range u.Pages {
			n += len(p.Search)
		}
		if n == 0 {
			continue
		}
		runs = append(runs, docRun{id: u.ID, start: at, n: n, sum: wordsSum(docs[at : at+n])})
		at += n
	}
	return runs
}

// wordsSum checksums the words of docs (CRC-32C and CRC-32 of each
// section's words and their lengths): the postings of a unit whose sum is
// unchanged are reused.
func wordsSum(docs []searchDoc) uint64 {
	var c, i uint32
	var n [binary.MaxVarintLen64]byte
	for _, d := range docs {
		k := binary.PutUvarint(n[:], uint64(len(d.Words)))
		c = crc32.Update(c, castagnoli(), n[:k])
		i = crc32.Update(i, crc32.IEEETable, n[:k])
		c = crc32.Update(c, castagnoli(), unsafeBytes(d.Words))
		i = crc32.Update(i, crc32.IEEETable, unsafeBytes(d.Words))
	}
	return uint64(c)<<32 | uint64(i)
}

// postingsOf returns the postings of docs, from the previous build's when
// rec (its postingsRecord) holds most of them.
func postingsOf(docs []searchDoc, runs []docRun, rec []byte) *postings {
	if prev, ok := decodePostings(rec); ok {
		if p, ok := renumber(prev, docs, runs); ok {
			return p
		}
	}
	return sortedPostings(buildPostings(docs))
}

// sortedPostings turns the map buildPostings returns into postings.
func sortedPostings(m map[string][]int) *postings {
	p := &postings{vocab: make([]string, 0, len(m))}
	n := 0
	for w, l := range m {
		p.vocab = append(p.vocab, w)
		n += len(l)
	}
	sort.Strings(p.vocab)
	all := make([]int32, 0, n)
	p.lists = make([][]int32, len(p.vocab))
	for i, w := range p.vocab {
		from := len(all)
		for _, d := range m[w] {
			all = append(all, int32(d))
		}
		p.lists[i] = all[from:len(all):len(all)]
	}
	return p
}

// prevPostings is a previous build's postings record, decoded.
type prevPostings struct {
	runs []docRun
	docs int
	postings
}

// renumber makes the postings of docs from prev's: a unit's sections whose
// words are unchanged (its run has the same id, count and sum) take its
// old sections' place in every list; the sections of the other units are
// read. ok is false when that would be no cheaper than reading them all,
// or when the units kept are not in the same order (their sections would
// not stay in order).
func renumber(prev *prevPostings, docs []searchDoc, runs []docRun) (*postings, bool) {
	old := make(map[string]docRun, len(prev.runs))
	for _, r := range prev.runs {
		old[r.id] = r
	}
	to := make([]int32, prev.docs)
	for i := range to {
		to[i] = -1
	}
	var fresh []docRun
	freshDocs, last := 0, -1
	for _, r := range runs {
		o, ok := old[r.id]
		if !ok || o.n != r.n || o.sum != r.sum {
			fresh = append(fresh, r)
			freshDocs += r.n
			continue
		}
		if o.start <= last {
			return nil, false
		}
		last = o.start
		for k := range r.n {
			to[o.start+k] = int32(r.start + k)
		}
	}
	if freshDocs > len(docs)/4 {
		return nil, false
	}
	// The fresh sections' postings, by word.
	add := map[string][]int32{}
	for _, r := range fresh {
		for i := r.start; i < r.start+r.n; i++ {
			for w := range docWords(docs[i].Words) {
				add[w] = append(add[w], int32(i))
			}
		}
	}
	// The fresh sections' words the previous index does not have.
	newWords := make([]string, 0, len(add))
	for w := range add {
		if _, found := slices.BinarySearch(prev.vocab, w); !found {
			newWords = append(newWords, w)
		}
	}
	sort.Strings(newWords)
	n := len(prev.vocab) + len(newWords)
	p := &postings{vocab: make([]string, 0, n), lists: make([][]int32, 0, n)}
	total := 0
	for _, l := range prev.lists {
		total += len(l)
	}
	for _, l := range add {
		total += len(l)
	}
	all := make([]int32, 0, total)
	// keep appends word w's list: its kept sections renumbered, merged
	// with its fresh ones (both ascending).
	keep := func(w string, l, more []int32) {
		from := len(all)
		for _, d := range l {
			nd := to[d]
			if nd < 0 {
				continue
			}
			for len(more) > 0 && more[0] < nd {
				all = append(all, more[0])
				more = more[1:]
			}
			all = append(all, nd)
		}
		all = append(all, more...)
		if len(all) > from {
			p.vocab = append(p.vocab, w)
			p.lists = append(p.lists, all[from:len(all):len(all)])
		}
	}
	for i, w := range prev.vocab {
		for len(newWords) > 0 && newWords[0] < w {
			keep(newWords[0], nil, add[newWords[0]])
			newWords = newWords[1:]
		}
		keep(w, prev.lists[i], add[w])
	}
	for _, w := range newWords {
		keep(w, nil, add[w])
	}
	return p, true
}

// postingsRecord encodes the postings and the runs they were made from,
// for the manifest:
//
//	uvarint count of runs, then per run: its unit's id (uvarint length,
//	    bytes), uvarint count of sections, 8 bytes of checksum
//	uvarint count of sections
//	uvarint count of words, then per word: the word (uvarint length,
//	    bytes), uvarint count of sections, each section's number less the
//	    one before as uvarint
func postingsRecord(p *postings, runs []docRun, docs int) []byte {
	n := 0
	for i, w := range p.vocab {
		n += len(w) + 2 + 2*len(p.lists[i])
	}
	e := &encoder{b: make([]byte, 0, n+len(runs)*32+16)}
	e.uvarint(uint64(len(runs)))
	for _, r := range runs {
		e.str(r.id)
		e.uvarint(uint64(r.n))
		e.b = binary.LittleEndian.AppendUint64(e.b, r.sum)
	}
	e.uvarint(uint64(docs))
	e.uvarint(uint64(len(p.vocab)))
	for i, w := range p.vocab {
		e.str(w)
		l := p.lists[i]
		e.uvarint(uint64(len(l)))
		prev := int32(0)
		for _, d := range l {
			e.uvarint(uint64(d - prev))
			prev = d
		}
	}
	return e.b
}

// decodePostings decodes a postingsRecord; ok is false for an empty or
// malformed one (a rebuild then reads every section). Its strings share
// rec.
func decodePostings(rec []byte) (*prevPostings, bool) {
	if len(rec) == 0 {
		return nil, false
	}
	d := &decoder{b: rec}
	p := &prevPostings{}
	nr := d.count(10)
	p.runs = make([]docRun, 0, nr)
	at := 0
	for range nr {
		r := docRun{id: d.str(), start: at, n: int(d.uvarint())}
		if d.err == nil && d.off+8 <= len(d.b) {
			r.sum = binary.LittleEndian.Uint64(d.b[d.off:])
			d.off += 8
		} else {
			d.fail("a run cut short")
		}
		at += r.n
		p.runs = append(p.runs, r)
	}
	p.docs = int(d.uvarint())
	nw := d.count(2)
	if d.err != nil || at != p.docs || p.docs > 1<<30 {
		return nil, false
	}
	p.vocab = make([]string, 0, nw)
	p.lists = make([][]int32, 0, nw)
	var all []int32
	for range nw {
		w := d.str()
		k := d.count(1)
		if d.err != nil {
			return nil, false
		}
		if all == nil {
			// Every posting takes at least a byte: the rest of the record
			// bounds them.
			all = make([]int32, 0, len(d.b)-d.off)
		}
		from := len(all)
		prev := uint64(0)
		for j := range k {
			delta := d.uvarint()
			prev += delta
			// Ascending, each section once, each one of the index's.
			if j > 0 && delta == 0 || prev >= uint64(p.docs) {
				d.fail("section %d of %d", prev, p.docs)
				break
			}
			all = append(all, int32(prev))
		}
		if d.err != nil || (len(p.vocab) > 0 && p.vocab[len(p.vocab)-1] >= w) {
			return nil, false
		}
		p.vocab = append(p.vocab, w)
		p.lists = append(p.lists, all[from:len(all):len(all)])
	}
	if d.err != nil || d.off != len(d.b) {
		return nil, false
	}
	return p, true
}

// unsafeBytes is s's bytes, not copied: for functions that only read them
// (checksums).
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
