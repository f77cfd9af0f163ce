package corpus

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A compressed export cut short says so, however it is given: by name, on
// standard input, bzip2 or gzip. (The loader peeks at the decompressed
// start to tell an export from a feed; a bzip2 cut inside its first block
// failed that peek, and the next read of the stream reported "corrupt
// compressed data … block checksum mismatch" instead.)
func TestTruncatedCompressedExport(t *testing.T) {
	for _, name := range []string{"small.xml.bz2", "small.xml.gz"} {
		data, err := os.ReadFile(fixture(name))
		if err != nil {
			t.Fatal(err)
		}
		for _, cut := range []int{len(data) / 4, len(data) / 2, len(data) * 3 / 4} {
			short := data[:cut]
			path := tempFeed(t, name, string(short))
			_, err := Load([]string{path}, Options{})
			l := NewLoader(Options{})
			serr := l.AddReader("<stdin>", bytes.NewReader(short), FormatUnknown)
			for _, e := range []error{err, serr} {
				if e == nil || !strings.Contains(e.Error(), "unexpected end of compressed data") || !strings.Contains(e.Error(), "(truncated export?)") {
					t.Errorf("%s cut at %d of %d bytes: %v; want unexpected end of compressed data (truncated export?)", name, cut, len(data), e)
				}
			}
		}
	}
}
