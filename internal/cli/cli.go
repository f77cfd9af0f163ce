package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/model"
)

// Exit statuses. Commands that answer a yes/no question (diff: did a rule
// table change? check: did a check fail?) use 1 for "yes"; 2 is always an
// error in the inputs, flags or specs.
const (
	ExitOK      = 0
	ExitChanged = 1
	ExitError   = 2
)

// exitError carries an exit status through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

// withStatus makes a command end with code after printing err (nil: print
// nothing).
func withStatus(code int, err error) error { return &exitError{code: code, err: err} }

// app is the state shared by the commands of one invocation.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	keepGoing    bool
	strict       bool
	rulesPrefix  []string
	tipsPrefix   []string
	inputProblem bool // a --keep-going load reported problems

	cpuProfile  string
	stopProfile func()
}

// Main runs the command line with os.Args and returns the exit status.
func Main() int {
	return Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// Run runs the command line with the given arguments and streams.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if a.stopProfile != nil {
		a.stopProfile()
	}
	var ee *exitError
	switch {
	case err == nil:
		if a.inputProblem {
			return ExitError
		}
		return ExitOK
	case errors.As(err, &ee):
		if ee.err != nil {
			printError(stderr, ee.err)
		}
		return ee.code
	default:
		printError(stderr, err)
		return ExitError
	}
}

// printError prints located messages as they are ("file:line: error: …",
// one per line) and any other error after the program's name.
func printError(w io.Writer, err error) {
	if list, ok := model.AsMsgList(err); ok && err.Error() == list.Error() {
		list.Print(w, "text")
		return
	}
	fmt.Fprintln(w, "wikirules:", err)
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "wikirules",
		Short: "Compile wiki rule pages into checked rule tables and a static help site",
		Long: `wikirules reads the revision histories of MediaWiki rule pages (contribution
feeds, XML exports, directories of .wiki files), parses the wikitext, extracts
the rule tables, diffs revisions, runs rule checks and builds a static site.

Commands that take INPUT… read the embedded default corpus when none is given;
an input is a file, a directory (searched for .txt feeds, .xml/.xml.gz/.xml.bz2
exports and .wiki pages), a glob, or - for standard input.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	pf := root.PersistentFlags()
	pf.BoolVar(&a.keepGoing, "keep-going", false, "report every problem in the inputs and go on with the rest")
	pf.BoolVar(&a.strict, "strict", false, "treat an export revision whose text does not match its <sha1> as an error, not a warning")
	pf.StringSliceVar(&a.rulesPrefix, "rules-prefix", []string{"Gamehelp"}, "title prefix of rules pages (the rest is the game slug)")
	pf.StringSliceVar(&a.tipsPrefix, "tips-prefix", []string{"Tips "}, "title prefix of tips pages")
	pf.StringVar(&a.cpuProfile, "cpuprofile", "", "write a CPU profile of the command to this file (for go tool pprof)")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if a.cpuProfile == "" {
			return nil
		}
		f, err := os.Create(a.cpuProfile)
		if err != nil {
			return err
		}
		a.stopProfile = func() {
			pprof.StopCPUProfile()
			f.Close()
		}
		return pprof.StartCPUProfile(f)
	}
	root.AddCommand(
		a.buildCommand(),
		a.serveCommand(),
		a.exportCommand(),
		a.pagesCommand(),
		a.historyCommand(),
		a.showCommand(),
		a.convertCommand(),
		a.htmlCommand(),
		a.extractCommand(),
		a.diffCommand(),
		a.checkCommand(),
	)
	return root
}

func (a *app) conventions() model.Conventions {
	return model.Conventions{RulesPrefixes: a.rulesPrefix, TipsPrefixes: a.tipsPrefix}
}

// loadOptions returns the loader options for this invocation.
func (a *app) loadOptions() corpus.Options {
	return corpus.Options{Conventions: a.conventions(), KeepGoing: a.keepGoing, Strict: a.strict, Stdin: a.stdin}
}

// load reads the inputs, or the embedded corpus when there are none. Under
// --keep-going, problems are printed and the command goes on; the exit status
// is then 2.
func (a *app) load(inputs []string, dropText bool) (*model.Corpus, error) {
	opts := a.loadOptions()
	opts.DropText = dropText
	var c *model.Corpus
	var err error
	if len(inputs) == 0 {
		c, err = content.New().Corpus(opts)
	} else {
		c, err = corpus.Load(inputs, opts)
	}
	if err != nil {
		list, ok := model.AsMsgList(err)
		if !ok || c == nil {
			return nil, err
		}
		list.Print(a.stderr, "text")
		a.inputProblem = true
	}
	c.Warnings.Print(a.stderr, "text")
	return c, nil
}
