package tagtable

import (
	"testing"
	"unsafe"
)

func TestTable(t *testing.T) {
	var tb Table[uint8]
	tb.Add("p div  h1\n", 1)
	tb.Add("div br", 2)
	for name, want := range map[string]uint8{"p": 1, "div": 3, "h1": 1, "br": 2, "span": 0, "": 0, "DIV": 0} {
		if got := tb.Flags(name); got != want {
			t.Errorf("Flags(%q) = %d, want %d", name, got, want)
		}
	}
	in := string([]byte("div"))
	if got, _ := tb.Lookup(in); got != "div" || unsafe.StringData(got) == unsafe.StringData(in) {
		t.Errorf("Lookup returned %q, not the table's copy", got)
	}
	if got, f := tb.Lookup("nav"); got != "nav" || f != 0 {
		t.Errorf("Lookup(nav) = %q, %d", got, f)
	}
}
