package phpfmt

import (
	"math"
	"testing"
)

// TestFloat: floats as PHP 8 writes them ("echo 0.1 + 0.2;" and the rest
// were printed by php 8.2).
func TestFloat(t *testing.T) {
	for x, want := range map[float64]string{
		0.1 + 0.2:                   "0.3",
		1e25:                        "1.0E+25",
		1e14:                        "1.0E+14",
		1e13:                        "10000000000000",
		123456789012345.678:         "1.2345678901235E+14",
		-1.5e-5:                     "-1.5E-5",
		0.0001:                      "0.0001",
		0.00001:                     "1.0E-5",
		2.5:                         "2.5",
		-7:                          "-7",
		1.0 / 3:                     "0.33333333333333",
		math.Copysign(0, -1):        "-0",
		0:                           "0",
		math.Inf(1):                 "INF",
		math.Inf(-1):                "-INF",
		math.MaxFloat64:             "1.7976931348623E+308",
		math.SmallestNonzeroFloat64: "4.9406564584125E-324",
	} {
		if got := Float(x); got != want {
			t.Errorf("Float(%v) = %q, want %q", x, got, want)
		}
	}
	if got := Float(math.NaN()); got != "NAN" {
		t.Errorf("Float(NaN) = %q", got)
	}
	if got := Gcvt(1234.5678, 6); got != "1234.57" {
		t.Errorf("Gcvt(1234.5678, 6) = %q", got)
	}
}
