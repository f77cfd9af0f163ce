package textclean

import (
	"bytes"
	"io"
	"reflect"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	cases := []struct {
		name, in string
		lines    bool
		want     string
		problems []Problem
	}{
		{"clean", "a\nb", true, "a\nb", nil},
		{"bom", "\ufeffa\nb", true, "a\nb", nil},
		{"bom only at start", "a\ufeff", true, "a\ufeff", nil},
		{"crlf", "a\r\nb\r\n", true, "a\nb\n", nil},
		{"cr only", "a\rb\rc", true, "a\nb\nc", nil},
		{"cr kept without lines", "a\r\nb", false, "a\r\nb", nil},
		{"nul", "a\n\x00b\x00", true, "a\nb", []Problem{{2, NUL, 2}}},
		{"invalid", "ok\n\xffé\xc3", true, "ok\n\uFFFDé\uFFFD", []Problem{{2, InvalidUTF8, 2}}},
		{"lines counted across cr", "a\r\n\xff\rb\xfe", true, "a\n\uFFFD\nb\uFFFD", []Problem{{2, InvalidUTF8, 1}, {3, InvalidUTF8, 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, problems := Clean([]byte(c.in), c.lines)
			if string(got) != c.want || !reflect.DeepEqual(problems, c.problems) {
				t.Errorf("Clean(%q) = %q %v; want %q %v", c.in, got, problems, c.want, c.problems)
			}
			// The reader gives the same result, whatever the chunking.
			for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader} {
				rd := NewReader(wrap(bytes.NewReader([]byte(c.in))), c.lines)
				var ps []Problem
				rd.Report = func(p Problem) { ps = append(ps, p) }
				out, err := io.ReadAll(rd)
				if err != nil || string(out) != c.want || !reflect.DeepEqual(ps, c.problems) {
					t.Errorf("Reader(%q) = %q %v %v; want %q %v", c.in, out, ps, err, c.want, c.problems)
				}
			}
		})
	}
}

func TestCleanShares(t *testing.T) {
	in := []byte("plain text\n")
	out, _ := Clean(in, true)
	if &out[0] != &in[0] {
		t.Error("clean input was copied")
	}
}

func FuzzReader(f *testing.F) {
	f.Add([]byte("\ufeffa\r\nb\xff\x00c\rd"), true)
	f.Add([]byte("é\xe2\x82"), false)
	f.Fuzz(func(t *testing.T, data []byte, lines bool) {
		want, _ := Clean(data, lines)
		if !utf8.Valid(want) || bytes.IndexByte(want, 0) >= 0 || lines && bytes.IndexByte(want, '\r') >= 0 {
			t.Fatalf("Clean(%q) = %q is not clean", data, want)
		}
		got, err := io.ReadAll(NewReader(iotest.HalfReader(bytes.NewReader(data)), lines))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Reader(%q) = %q, want %q", data, got, want)
		}
	})
}

func TestXMLReader(t *testing.T) {
	in := "\ufeff<a>\r\nok\tx\x01y\n\x00\xef\xbf\xbe\xffz</a>"
	want := "<a>\r\nok\tx\uFFFDy\n\uFFFD\uFFFDz</a>"
	for _, wrap := range []func(io.Reader) io.Reader{func(r io.Reader) io.Reader { return r }, iotest.OneByteReader} {
		rd := NewXMLReader(wrap(bytes.NewReader([]byte(in))))
		var ps []Problem
		rd.Report = func(p Problem) { ps = append(ps, p) }
		out, err := io.ReadAll(rd)
		wantPs := []Problem{{2, Control, 1}, {3, NUL, 1}, {3, Control, 1}, {3, InvalidUTF8, 1}}
		if err != nil || string(out) != want || !reflect.DeepEqual(ps, wantPs) {
			t.Errorf("got %q %v, want %q %v", out, ps, want, wantPs)
		}
	}
}

// TestCleanLargeInParts: an input large enough to be looked at in parts
// reads as it does whole, whatever falls where the parts meet: a
// character cut by the middle, a bad byte, a NUL or a CR anywhere.
func TestCleanLargeInParts(t *testing.T) {
	const size = 9 << 20
	mid := size / 2
	base := bytes.Repeat([]byte("abc "), size/4)
	for _, tc := range []struct {
		name  string
		at    int
		put   string
		clean bool
	}{
		{"a character across the middle", mid - 1, "é", true},
		{"a 4-byte character across the middle", mid - 2, "😀", true},
		{"a cut character at the middle", mid - 1, "\xc3", false},
		{"a bad byte at the end", size - 1, "\xff", false},
		{"a bad byte at the start", 0, "\x80", false},
		{"a NUL in the second part", size - 10, "\x00", false},
		{"a CR in the second part", mid + 10, "\r", false},
		{"a lone continuation byte after the middle", mid + 1, "\x80", false},
	} {
		data := bytes.Clone(base)
		copy(data[tc.at:], tc.put)
		out, problems := Clean(data, true)
		if got := len(problems) == 0 && &out[0] == &data[0]; got != tc.clean {
			t.Errorf("%s: left as is %v, want %v", tc.name, got, tc.clean)
		}
		if !utf8.Valid(out) || bytes.IndexByte(out, 0) >= 0 || bytes.IndexByte(out, '\r') >= 0 {
			t.Errorf("%s: the output is not clean", tc.name)
		}
	}
}
