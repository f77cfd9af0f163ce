package testutil

import (
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"
)

// The scaling checks of the parser (issue 12) and of the history parser's
// pre-reads: a pass whose time grows with the square of some input shape
// fails them, whatever the machine's load.

// Scaling measures run on small and large (about twice as big) and
// returns the ratios of their CPU times and of the bytes they allocate.
//
// The times are made to be compared on a loaded machine, where one run can
// take three times as long as the next:
//   - The small input runs twice in a row for each run of the large one,
//     so that both measurements last as long (when time is linear) and
//     meet as much disturbance: a short run is more likely to slip
//     between two disturbances, which would favour the small input.
//   - Each round measures both, one after the other (in turns), and the
//     ratio is the median of the rounds' ratios (or the ratio of the
//     fastest runs, when lower); rounds go on (up to a
//     limit) while it is above bound: noise passes, a quadratic pass
//     fails every time. The times reported are the fastest runs.
//   - The garbage collector runs between measurements, not during them:
//     its cost on a busy machine varies the most. What it would cost is
//     proportional to what is allocated, which is compared as well.
//   - One P runs the code, so no idle GC worker adds CPU time.
func Scaling(small, large string, run func(string), bound float64) (timeRatio, allocRatio float64, ts, tl time.Duration) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	reps := max(1, int(float64(len(large))/float64(len(small))+0.5))
	var ms runtime.MemStats
	// measure returns the CPU time of k runs of in and the bytes one run
	// allocates.
	measure := func(in string, k int) (time.Duration, uint64) {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		start := cpuTime()
		for range k {
			run(in)
		}
		t := cpuTime() - start
		runtime.ReadMemStats(&ms)
		return t, (ms.TotalAlloc - before) / uint64(k)
	}
	// Warm up, and repeat inputs that take less than a few milliseconds:
	// the CPU clock is not precise enough for them.
	k := 1
	if t, _ := measure(small, 1); t < 5*time.Millisecond {
		k = min(int(5*time.Millisecond/max(t, time.Microsecond))+1, 20)
	}
	var as, al uint64
	var ratios []float64
	ts, tl = time.Duration(1<<62), time.Duration(1<<62)
	// At least three rounds; at most twenty, or until about three seconds
	// are spent (a quadratic pass is slow).
	const minRounds, maxRounds, budget = 3, 20, 3 * time.Second
	began := cpuTime()
	for i := range maxRounds {
		var t1, t2 time.Duration
		if i%2 == 0 {
			t1, as = measure(small, k*reps)
			t2, al = measure(large, k)
		} else {
			t2, al = measure(large, k)
			t1, as = measure(small, k*reps)
		}
		ts, tl = min(ts, t1), min(tl, t2)
		ratios = append(ratios, float64(reps)*float64(t2)/float64(max(t1, 1)))
		// The median of the rounds' ratios, or the ratio of the fastest
		// runs if lower: load only ever adds time, and a burst of it
		// can land on the large inputs of most rounds of a short test
		// (it did: a median ×2.53 where the fastest runs gave ×1.99); a
		// quadratic pass raises both.
		timeRatio = min(median(ratios), float64(reps)*float64(tl)/float64(max(ts, 1)))
		if i+1 >= minRounds && (timeRatio <= bound || cpuTime()-began > budget) {
			break
		}
	}
	runtime.GC()
	return timeRatio, float64(al) / float64(max(as, 1)), ts / time.Duration(k*reps), tl / time.Duration(k)
}

// median returns the median of xs.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// CheckLinear fails t when run takes more than bound times as long, or
// allocates more than bound times as much, on large as on small.
func CheckLinear(t *testing.T, name, small, large string, run func(string), bound float64) {
	t.Helper()
	ratio, alloc, ts, tl := Scaling(small, large, run, bound)
	t.Logf("%-22s %7d B %10v  %7d B %10v  time ×%.2f  allocated ×%.2f", name, len(small), ts, len(large), tl, ratio, alloc)
	grow := float64(len(large)) / float64(len(small))
	if ratio > bound {
		t.Errorf("%s: %d bytes took %v, %d bytes %v: ×%.2f for %.1f times the input (at most ×%.1f)",
			name, len(small), ts, len(large), tl, ratio, grow, bound)
	}
	if alloc > bound {
		t.Errorf("%s: %.1f times the input allocates ×%.2f the bytes (at most ×%.1f)", name, grow, alloc, bound)
	}
}
