package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/testutil"
)

// seedDocument is the 1 MB document of issue 12: seed revisions one after
// the other, a blank line between them.
func seedDocument(tb testing.TB) []byte {
	var sb strings.Builder
	texts := testutil.SeedTexts(tb)
	for i := 0; sb.Len() < 1<<20; i++ {
		sb.WriteString(texts[i%len(texts)])
		sb.WriteString("\n\n")
	}
	return []byte(sb.String())
}

// BenchmarkHTMLCommand runs `wikirules html` in process on a 1 MB document
// made of the seed revisions (the figure of issue 12): reading standard
// input, loading the template definitions, parsing, rendering and writing,
// as the command does. Only the process's start is left out: see
// BenchmarkHTMLBinary for it.
func BenchmarkHTMLCommand(b *testing.B) {
	doc := seedDocument(b)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		if code := Run([]string{"html", "--time", "2024-01-01T00:00:00Z"}, bytes.NewReader(doc), io.Discard, io.Discard); code != ExitOK {
			b.Fatalf("exit status %d", code)
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(len(doc)), "alloc-B/in-B")
}

// BenchmarkHTMLBinary runs the wikirules binary, built once, as a user
// does: `wikirules html < doc > out`, a new process each time, so the
// figures include the process's start (loading the program, package
// initialization) and a fresh heap's page faults and garbage collections.
// "1MB" is the document of BenchmarkHTMLCommand (MB/s end to end, the
// target of issue 12), "empty" an empty input: the cost of starting.
// Beside ns/op (the mean wall time), median-ms is the median wall time and
// median-cpu-ms the median of the process's user + system time.
func BenchmarkHTMLBinary(b *testing.B) {
	doc := seedDocument(b)
	dir := b.TempDir()
	bin := filepath.Join(dir, "wikirules")
	build := exec.Command("go", "build", "-o", bin, "github.com/wikirules/wikirules/cmd/wikirules")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, in := range []struct {
		name string
		data []byte
	}{{"1MB", doc}, {"empty", nil}} {
		path := filepath.Join(dir, in.name+".txt")
		if err := os.WriteFile(path, in.data, 0o644); err != nil {
			b.Fatal(err)
		}
		b.Run(in.name, func(b *testing.B) {
			// Files, not pipes: with a pipe, exec would copy the output
			// in a goroutine of this process.
			null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer null.Close()
			errPath := filepath.Join(dir, "stderr")
			b.SetBytes(int64(len(in.data)))
			var walls, cpus []time.Duration
			for b.Loop() {
				stdin, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				stderr, err := os.Create(errPath)
				if err != nil {
					b.Fatal(err)
				}
				cmd := exec.Command(bin, "html", "--time", "2024-01-01T00:00:00Z")
				cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, null, stderr
				start := time.Now()
				err = cmd.Run()
				walls = append(walls, time.Since(start))
				stdin.Close()
				stderr.Close()
				if err != nil {
					msg, _ := os.ReadFile(errPath)
					b.Fatalf("wikirules html: %v\n%s", err, msg)
				}
				cpus = append(cpus, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
			}
			// Medians: on a shared machine a few slow runs move the mean.
			b.ReportMetric(median(walls), "median-ms")
			b.ReportMetric(median(cpus), "median-cpu-ms")
		})
	}
}

// median returns the median of ds in milliseconds.
func median(ds []time.Duration) float64 {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return float64(ds[len(ds)/2].Microseconds()) / 1000
}
