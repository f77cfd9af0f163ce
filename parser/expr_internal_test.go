package parser

import (
	"strings"
	"testing"
	"time"
)

// FuzzExpr: any expression evaluates to a result or an ExprError message,
// without panicking, the same every time.
func FuzzExpr(f *testing.F) {
	for _, s := range []string{"1+2", "2^62*4", "trunc 1e20", "1e400 mod 7", "(1=1)+(1=1)", "-2^2", "2 pi", "3 (4)", "1.2.3", "&lt;−", "round", "é", "not not not 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, errA := evalExpr(s)
		b, errB := evalExpr(s)
		if a != b || (errA == nil) != (errB == nil) {
			t.Fatalf("%q: %q, %v then %q, %v", s, a, errA, b, errB)
		}
		if errA != nil && !strings.Contains(errA.Error(), ".") {
			t.Fatalf("%q: message %q", s, errA)
		}
	})
}

// FuzzStrToTime: no date string makes #time's reader panic, and what it
// reads is a year MediaWiki can show.
func FuzzStrToTime(f *testing.F) {
	for _, s := range []string{"2024-01-02 10:30 +1 month", "first day of next month", "+530 friday", "@86400", "12:15 p.m. EST 3 days ago", "2024-00-00 24:00", "x"} {
		f.Add(s)
	}
	now := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		if tm, ok := strToTime(s, now); ok && (tm.Year() < 0 || tm.Year() > 9999) {
			t.Fatalf("%q: year %d", s, tm.Year())
		}
	})
}
