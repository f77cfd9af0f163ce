package model

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Position is a human-readable location, computed from a byte offset only
// when it is reported.
type Position struct {
	Offset int // byte offset, 0-based
	Line   int // 1-based
	Column int // 1-based, in characters (runes)
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// LineIndex maps byte offsets of one text to lines and columns. Building it
// costs one pass over the text; lookups are a binary search.
type LineIndex struct {
	src   string
	lines []int // offset of the first byte of each line
	// marks are, on the lines longer than markEvery bytes, a column every
	// markEvery bytes or so (at the start of a character), in order: a
	// column is counted from the nearest mark before it rather than from
	// its line's start. (A page of one line with a message per template
	// call counted the whole line again for each message: quadratic.)
	// They are made at the first column asked for: most indexes only
	// give lines.
	marks     []columnMark
	marksOnce sync.Once
}

// columnMark is the column of the character starting at offset.
type columnMark struct{ offset, column int }

// markEvery is the spacing of a long line's marks.
const markEvery = 1024

// NewLineIndex indexes src.
func NewLineIndex(src string) *LineIndex {
	lines := make([]int, 1, 1+len(src)/40)
	for i := 0; ; {
		k := strings.IndexByte(src[i:], '\n')
		if k < 0 {
			break
		}
		i += k + 1
		lines = append(lines, i)
	}
	return &LineIndex{src: src, lines: lines}
}

// makeMarks makes the marks of the long lines.
func (x *LineIndex) makeMarks() {
	for i, start := range x.lines {
		end := len(x.src)
		if i+1 < len(x.lines) {
			end = x.lines[i+1] - 1
		}
		if end-start > markEvery {
			x.marks = markLine(x.marks, x.src, start, end)
		}
	}
}

// markLine appends the marks of the line src[start:end].
func markLine(marks []columnMark, src string, start, end int) []columnMark {
	at, col := start, 1
	for next := start + markEvery; next < end; next += markEvery {
		for next < end && !utf8.RuneStart(src[next]) {
			next++
		}
		col += utf8.RuneCountInString(src[at:next])
		at = next
		marks = append(marks, columnMark{at, col})
	}
	return marks
}

// Line returns the 1-based line holding offset.
func (x *LineIndex) Line(offset int) int {
	return sort.Search(len(x.lines), func(i int) bool { return x.lines[i] > offset })
}

// Position resolves offset (clamped to the text).
func (x *LineIndex) Position(offset int) Position {
	if offset < 0 {
		offset = 0
	}
	if offset > len(x.src) {
		offset = len(x.src)
	}
	line := x.Line(offset)
	at, col := x.lines[line-1], 1
	x.marksOnce.Do(x.makeMarks)
	if len(x.marks) > 0 {
		// The last mark at or before offset, if it is on offset's line.
		k := sort.Search(len(x.marks), func(i int) bool { return x.marks[i].offset > offset }) - 1
		if k >= 0 && x.marks[k].offset >= at {
			at, col = x.marks[k].offset, x.marks[k].column
		}
	}
	return Position{Offset: offset, Line: line, Column: col + utf8.RuneCountInString(x.src[at:offset])}
}

// LineStart returns the offset of the first byte of a 1-based line.
func (x *LineIndex) LineStart(line int) int {
	if line < 1 {
		return 0
	}
	if line > len(x.lines) {
		return len(x.src)
	}
	return x.lines[line-1]
}

// Lines returns the number of lines.
func (x *LineIndex) Lines() int { return len(x.lines) }
