// Command gencorpus writes a generated wiki as a contribution feed, for
// timing builds of large wikis:
//
//	go run ./internal/testgen/gencorpus -pages 10000 -revisions 10 > big.txt
//	time wikirules build big.txt -o /tmp/big
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/wikirules/wikirules/internal/testgen"
)

func main() {
	var o testgen.Options
	flag.IntVar(&o.Pages, "pages", 1000, "number of pages")
	flag.IntVar(&o.Revisions, "revisions", 10, "revisions per page")
	flag.Uint64Var(&o.Seed, "seed", 1, "random seed (same seed, same wiki)")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	if err := testgen.WriteFeed(w, o); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}
