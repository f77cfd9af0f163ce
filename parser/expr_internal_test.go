package parser

import (
	"strings"
	"testing"
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
