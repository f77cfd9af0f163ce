package cli

import (
	"encoding/binary"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestGoBuildID: the build ID read from the test binary is the one `go
// tool buildid` prints, and programVersion is made of it.
func TestGoBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	got := goBuildID(exe)
	if got == "" {
		t.Fatalf("no Go build ID in %s", exe)
	}
	if v := programVersion(); v != "go:"+got {
		t.Errorf("programVersion() = %q, want go:%s", v, got)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to compare with")
	}
	out, err := exec.Command(goTool, "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	if want := strings.TrimSpace(string(out)); got != want {
		t.Errorf("goBuildID = %q, go tool buildid says %q", got, want)
	}
}

// TestBuildIDFormats: the ELF note and the raw string of other formats;
// damaged or absent, no ID (the caller then hashes the file).
func TestBuildIDFormats(t *testing.T) {
	note := func(name, desc string, typ uint32) []byte {
		b := binary.LittleEndian.AppendUint32(nil, uint32(len(name)))
		b = binary.LittleEndian.AppendUint32(b, uint32(len(desc)))
		b = binary.LittleEndian.AppendUint32(b, typ)
		b = append(b, name...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		b = append(b, desc...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		return b
	}
	le := binary.LittleEndian
	two := append(note("GNU\x00", "xyz", 3), note("Go\x00\x00", "abc/def", 4)...)
	for _, c := range []struct {
		data []byte
		want string
	}{
		{note("Go\x00\x00", "a1/b2/c3/d4", 4), "a1/b2/c3/d4"},
		{two, "abc/def"},
		{note("Go\x00\x00", "a1", 3), ""},
		{note("Go\x00\x00", "a1", 4)[:14], ""},
		{nil, ""},
	} {
		if got := elfGoNote(c.data, le); got != c.want {
			t.Errorf("elfGoNote(%q) = %q, want %q", c.data, got, c.want)
		}
	}
	for _, c := range []struct{ data, want string }{
		{"junk\xff Go build ID: \"x/y/z\"\n \xffmore", "x/y/z"},
		{"\xff Go build ID: \"unterminated", ""},
		{"no id", ""},
	} {
		if got := rawGoBuildID([]byte(c.data)); got != c.want {
			t.Errorf("rawGoBuildID(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}
