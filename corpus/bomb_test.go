package corpus

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/corpus/mwxml"
	"github.com/wikirules/wikirules/model"
)

// The bomb tests feed the readers inputs that are small (or simple) but
// expand into a lot, at two sizes, and check that time and memory stay
// bounded: absolutely (a generous bound) and as a ratio between the sizes
// (flat where reading stops at a limit, at most linear otherwise).

const bombLimit = 1 << 20 // MaxRevisionBytes in these tests

// gzipped compresses data as one gzip member.
func gzipped(data []byte) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return b.Bytes()
}

// memberBomb is an export whose one revision holds mib MiB of "a", as a
// gzip stream of concatenated members (each MiB compresses to about 1 kB).
func memberBomb(mib int) []byte {
	head := gzipped([]byte("<mediawiki>\n<page>\n<title>Bomb</title>\n<revision>\n<id>1</id>\n<timestamp>2024-01-01T00:00:00Z</timestamp>\n<text>"))
	chunk := gzipped(bytes.Repeat([]byte("a"), 1<<20))
	tail := gzipped([]byte("</text>\n</revision>\n</page>\n</mediawiki>\n"))
	var b bytes.Buffer
	b.Write(head)
	for range mib {
		b.Write(chunk)
	}
	b.Write(tail)
	return b.Bytes()
}

// bz2Bomb is the same with bzip2 streams (testdata/bomb): 1 GiB in 50 kB.
func bz2Bomb(t testing.TB, mib int) []byte {
	read := func(n string) []byte {
		d, err := os.ReadFile(filepath.Join("testdata", "bomb", n))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	var b bytes.Buffer
	b.Write(read("head.xml.bz2"))
	chunk := read("mib-of-a.bz2")
	for range mib {
		b.Write(chunk)
	}
	b.Write(read("tail.xml.bz2"))
	return b.Bytes()
}

// manyRevisions is an export of n revisions of 1 kB each, gzipped.
func manyRevisions(n int) []byte {
	var b bytes.Buffer
	b.WriteString("<mediawiki>\n")
	text := strings.Repeat("Roll the dice and move. ", 40)
	for i := range n {
		if i%10 == 0 {
			if i > 0 {
				b.WriteString("</page>\n")
			}
			fmt.Fprintf(&b, "<page>\n<title>Page %d</title>\n<ns>0</ns>\n<id>%d</id>\n", i/10, i/10+1)
		}
		fmt.Fprintf(&b, "<revision>\n<id>%d</id>\n<timestamp>2024-01-01T00:00:%02dZ</timestamp>\n<contributor><username>U</username></contributor>\n<text>%s %d</text>\n</revision>\n", i+1, i%60, text, i)
	}
	b.WriteString("</page>\n</mediawiki>\n")
	return gzipped(b.Bytes())
}

// feedBomb is a gzipped contribution feed whose one entry holds mib MiB.
func feedBomb(mib int) []byte {
	head := gzipped([]byte("Bomb - User contributions [en]\n\nGamehelpbomb\n\n2024-01-01T00:00:00Z\n\nMallory: big\n\n"))
	chunk := gzipped(bytes.Repeat([]byte("a"), 1<<20))
	var b bytes.Buffer
	b.Write(head)
	for range mib {
		b.Write(chunk)
	}
	return b.Bytes()
}

type bombCase struct {
	name  string
	file  string // the input's name (its extension picks the reader)
	sizes [2]int
	make  func(t testing.TB, size int) []byte
	// read reads the input; it returns the error and the largest live
	// heap seen while reading (0 when it does not look).
	read    func(t testing.TB, name string, data []byte) (error, uint64)
	wantErr string // "" for inputs that must read
	linear  bool   // time may grow with the size (else: flat)
}

func loadBytes(t testing.TB, name string, data []byte) (error, uint64) {
	l := NewLoader(Options{MaxRevisionBytes: bombLimit, DropText: true})
	err := l.AddReader(name, bytes.NewReader(data), FormatUnknown)
	if err == nil {
		_, err = l.Corpus()
	}
	return err, 0
}

// streamRevisions reads an export and drops each revision, sampling the live
// heap: memory must not grow with the number of revisions read.
func streamRevisions(t testing.TB, name string, data []byte) (error, uint64) {
	r, err := mwxml.Decompress(name, bytes.NewReader(data))
	if err != nil {
		return err, 0
	}
	var peak uint64
	n := 0
	err = mwxml.Read(name, r, mwxml.Options{MaxRevisionBytes: bombLimit}, func(*mwxml.PageInfo, *model.Revision) error {
		if n++; n%500 == 0 {
			var ms runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	return err, peak
}

func TestBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("bomb tests read tens of MB")
	}
	cases := []bombCase{
		{name: "gzip members, one huge revision", file: "bomb.xml.gz", sizes: [2]int{8, 16},
			make: func(_ testing.TB, n int) []byte { return memberBomb(n) }, read: loadBytes, wantErr: "text over the limit of 1048576 bytes"},
		{name: "bzip2 streams, one 1 GiB revision", file: "bomb.xml.bz2", sizes: [2]int{512, 1024},
			make: bz2Bomb, read: loadBytes, wantErr: `page "Bomb", revision 1 (2024-01-01T00:00:00Z): text over the limit`},
		{name: "gzipped feed, one huge revision", file: "bomb.txt", sizes: [2]int{8, 16},
			make: func(_ testing.TB, n int) []byte { return feedBomb(n) }, read: loadBytes, wantErr: `page "Gamehelpbomb", revision 2024-01-01T00:00:00Z: the text is over the limit`},
		{name: "huge attribute", file: "attr.xml", sizes: [2]int{4, 8},
			make: func(_ testing.TB, n int) []byte {
				return []byte("<mediawiki><page><title x=\"" + strings.Repeat("a", n<<20) + "\">")
			}, read: loadBytes, wantErr: "over the limit"},
		{name: "text in many small pieces", file: "pieces.xml", sizes: [2]int{4, 8},
			make: func(_ testing.TB, n int) []byte {
				return []byte("<mediawiki><page><title>P</title><revision><timestamp>2024-01-01T00:00:00Z</timestamp><text>" +
					strings.Repeat("<!-- -->aaaaaaaaaaaaaaaa", n<<16) + "</text></revision></page></mediawiki>")
			}, read: loadBytes, wantErr: "over the limit"},
		{name: "deep nesting", file: "deep.xml", sizes: [2]int{1, 2},
			make: func(_ testing.TB, n int) []byte {
				return []byte("<mediawiki>" + strings.Repeat("<x>", n<<20))
			}, read: loadBytes, wantErr: "nested more than 1000 deep"},
		{name: "many revisions, memory flat", file: "many.xml.gz", sizes: [2]int{2000, 4000},
			make: func(_ testing.TB, n int) []byte { return manyRevisions(n) }, read: streamRevisions, linear: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var took [2]time.Duration
			var alloc, peak [2]uint64
			for i, size := range c.sizes {
				data := c.make(t, size)
				took[i] = time.Duration(1<<63 - 1)
				runs := 3
				if c.linear {
					runs = 5
				}
				for range runs { // the fastest run: less noise on a busy machine
					var before, after runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&before)
					start := cpuTime()
					err, p := c.read(t, c.file, data)
					took[i] = min(took[i], cpuTime()-start)
					runtime.ReadMemStats(&after)
					alloc[i] = after.TotalAlloc - before.TotalAlloc
					peak[i] = p
					switch {
					case c.wantErr == "" && err != nil:
						t.Fatalf("size %d: %v", size, err)
					case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
						t.Fatalf("size %d: error %v, want one containing %q", size, err, c.wantErr)
					}
				}
				t.Logf("size %d: %d input bytes, %v, %d MB allocated, peak live heap %d kB", size, len(data), took[i], alloc[i]>>20, peak[i]>>10)
			}
			// Generous absolute bounds: a second, and memory that is a
			// small multiple of the limit (or of the input).
			for i := range 2 {
				if took[i] > 5*time.Second {
					t.Errorf("size %d took %v", c.sizes[i], took[i])
				}
			}
			maxRatio := 2.0 // flat: reading stops at a limit (2: room for noise)
			if c.linear {
				maxRatio = 3 // twice the input, at most about twice the time
			}
			const slack = 50 * time.Millisecond // clock granularity and noise on small times
			if float64(took[1]) > maxRatio*float64(took[0])+float64(slack) {
				t.Errorf("time %v at size %d, %v at size %d: more than %.1f× for 2×", took[0], c.sizes[0], took[1], c.sizes[1], maxRatio)
			}
			if c.wantErr != "" {
				// Stopped at the limit: the same work at both sizes.
				for i := range 2 {
					if alloc[i] > 40*bombLimit {
						t.Errorf("size %d allocated %d MB", c.sizes[i], alloc[i]>>20)
					}
				}
				if float64(alloc[1]) > 1.5*float64(alloc[0])+(1<<20) {
					t.Errorf("allocated %d MB at size %d, %d MB at size %d: not flat", alloc[0]>>20, c.sizes[0], alloc[1]>>20, c.sizes[1])
				}
			}
			if c.read != nil && peak[0] > 0 {
				if peak[1] > 64<<20 || float64(peak[1]) > 1.5*float64(peak[0])+(4<<20) {
					t.Errorf("live heap %d MB at %d revisions, %d MB at %d: not flat in the number of revisions", peak[0]>>20, c.sizes[0], peak[1]>>20, c.sizes[1])
				}
			}
		})
	}
}
