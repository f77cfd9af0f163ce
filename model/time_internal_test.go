package model

import (
	"testing"
	"time"
)

// FormatTime and AppendMinute write the usual years themselves: the same
// text as time's Format.
func FuzzFormatTime(f *testing.F) {
	for _, sec := range []int64{0, 1, -1, 946684799, 1700000000, 253402300799, 253402300800, -62135596800, -62135596801} {
		f.Add(sec, int64(0))
	}
	f.Fuzz(func(t *testing.T, sec, nsec int64) {
		checkTimeForms(t, time.Unix(sec, nsec).In(time.FixedZone("x", 3600*5+1800)))
	})
}

func checkTimeForms(t *testing.T, tm time.Time) {
	t.Helper()
	if got, want := FormatTime(tm), tm.UTC().Format(TimeLayout); got != want {
		t.Errorf("FormatTime(%v) = %q, want %q", tm, got, want)
	}
	if got, want := string(AppendMinute([]byte("x"), tm)), "x"+tm.UTC().Format(MinuteLayout); got != want {
		t.Errorf("AppendMinute(%v) = %q, want %q", tm, got, want)
	}
}

func TestFormatTime(t *testing.T) {
	for _, tm := range []time.Time{
		{}, time.Date(2024, 2, 29, 23, 59, 59, 999999999, time.UTC), time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(7, 3, 4, 5, 6, 7, 0, time.FixedZone("y", -3600)),
	} {
		checkTimeForms(t, tm)
	}
}
