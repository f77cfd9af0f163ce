package site

import (
	"testing"

	"github.com/alecthomas/chroma/v2/styles"

	"github.com/wikirules/wikirules/internal/testutil"
)

// TestChromaCSS checks that the embedded stylesheet of highlighted code
// (chroma.css) is the one chroma's styles give; -update rewrites it.
func TestChromaCSS(t *testing.T) {
	light, dark := styles.Get(lightStyle), styles.Get(darkStyle)
	if light == styles.Fallback || dark == styles.Fallback {
		t.Fatalf("chroma has no style %q or %q", lightStyle, darkStyle)
	}
	testutil.Golden(t, "chroma.css", chromaCSSOf(light, dark))
}
