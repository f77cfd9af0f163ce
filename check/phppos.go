package check

import (
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Every error the reader makes, and every statement it recovers from (an
// unreadable value's cause), is located at a line and a column, and a
// recovered statement may be read 100,000 times in a loop: counting the
// lines from the file's start, and the characters from the line's start,
// took time proportional to where it stood, so that 20,000 calls on one
// line of 200 KB took seconds. A large source is indexed once, at its
// first error: the lines and the column at every phpPosEvery bytes, and
// an error counts from the mark before it.

// phpPosEvery is the distance between two marks of an index; a source
// smaller than phpPosIndexed is counted from its start.
const (
	phpPosEvery   = 1024
	phpPosIndexed = 4096
)

// phpPosIndex marks a source's lines and columns, in order.
type phpPosIndex struct{ marks []phpPosMark }

// phpPosMark is a place of the source, at the start of a character: the
// line ends before it and the characters between its line's start and
// it.
type phpPosMark struct{ at, lines, col int }

func newPHPPosIndex(src string) *phpPosIndex {
	x := &phpPosIndex{marks: []phpPosMark{{}}}
	m := phpPosMark{}
	for at := phpPosEvery; at < len(src); at += phpPosEvery {
		// A mark starts a character, or follows three continuation
		// bytes: no character spans it, and counting the characters in
		// two parts counts what counting in one does.
		for k := 0; k < 3 && at < len(src) && !utf8.RuneStart(src[at]); k++ {
			at++
		}
		seg := src[m.at:at]
		if nl := strings.LastIndexByte(seg, '\n'); nl >= 0 {
			m.lines += strings.Count(seg, "\n")
			m.col = utf8.RuneCountInString(seg[nl+1:])
		} else {
			m.col += utf8.RuneCountInString(seg)
		}
		m.at = at
		x.marks = append(x.marks, m)
	}
	return x
}

// mark is the last mark at or before at.
func (x *phpPosIndex) mark(at int) phpPosMark {
	lo, hi := 0, len(x.marks) // marks[lo].at <= at < marks[hi].at
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if x.marks[mid].at <= at {
			lo = mid
		} else {
			hi = mid
		}
	}
	return x.marks[lo]
}

// phpSrcKey names a source by its bytes: the sources the reader indexes
// are the files' texts, and the parsers share them.
type phpSrcKey struct {
	data *byte
	n    int
}

// position is the line and the column (in characters, from 1) of at in
// src, at most its end.
func (r *phpReader) position(src string, at int) (line, col int) {
	at = min(max(at, 0), len(src))
	m := phpPosMark{}
	if r != nil && len(src) > phpPosIndexed {
		key := phpSrcKey{unsafe.StringData(src), len(src)}
		x := r.posIndex[key]
		if x == nil {
			if r.posIndex == nil {
				r.posIndex = map[phpSrcKey]*phpPosIndex{}
			}
			x = newPHPPosIndex(src)
			r.posIndex[key] = x
		}
		m = x.mark(at)
	}
	seg := src[m.at:at]
	line = m.lines + strings.Count(seg, "\n") + 1
	if nl := strings.LastIndexByte(seg, '\n'); nl >= 0 {
		return line, utf8.RuneCountInString(seg[nl+1:]) + 1
	}
	return line, m.col + utf8.RuneCountInString(seg) + 1
}

// lineOf is the line of at in src.
func (r *phpReader) lineOf(src string, at int) int {
	line, _ := r.position(src, at)
	return line
}
