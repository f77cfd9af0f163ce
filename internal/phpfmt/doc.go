// Package phpfmt writes numbers as PHP writes them: the parser's #expr
// and the engine reader's PHP values both turn floats into strings as
// PHP does ("0.3", "1.0E+25", "-0"), and must agree.
package phpfmt
