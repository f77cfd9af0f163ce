package cli

import (
	"errors"
	"io"
	"slices"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/internal/atomic"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// checkFlags choose the specs and the engine constants.
type checkFlags struct {
	wiki.SuiteConfig
}

func (cf *checkFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&cf.ChecksDir, "checks", "", "directory of check specs, one <game>.yaml per game (default: the embedded content/checks, with the embedded corpus only)")
	cmd.Flags().StringVar(&cf.EngineDir, "engine", "", "directory of engine constants the specs name (default: --checks's directory, or the embedded content/engine)")
}

func (a *app) checkCommand() *cobra.Command {
	var rev, format, junit string
	var history bool
	var cf checkFlags
	cmd := &cobra.Command{
		Use:   "check [INPUT…]",
		Short: "Run the rule checks: tables against engine constants and against themselves",
		Long: `check runs each game's checks (specs in --checks, one <game>.yaml per game)
on the rule tables of its pages, plus the built-in checks that need no spec: a
declared total ("108 cards:") equals the sum of its list, and arithmetic written
in a page ("10+19+12 = 41") is true.

The text output puts the failures first, each with the spec line, the wiki
cells and the engine constants (file:line) it compared. A name a spec asks
for that is not there (a column, a row, an engine key) is an error naming the
nearest one; engine files are read from --engine (default: the --checks
directory, never a spec in it).

With --history, the checks run on every revision of each game's rules page,
and each failing check says which side made it fail: the wiki edit since which
it fails (and the values it changed), or the engine, when the wiki's values
never changed.

Exit status: 0 when every check passes, 1 when one fails, 2 when a spec, an
engine file or an input has an error, or when nothing would be checked (a
spec for a game the inputs lack, --engine without --checks, inputs without a
rules or tips page).`,
		Example: `  wikirules check
  wikirules check ../shared/seeds --checks testdata/checks --format json
  wikirules check --history
  wikirules check --junit checks.xml`,
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := a.open(args, false)
			if err != nil {
				return err
			}
			suite, specErr := w.Suite(cf.SuiteConfig)
			if suite == nil {
				return specErr
			}
			if specErr != nil {
				printError(a.stderr, specErr)
			}
			var rep *wiki.CheckReport
			if history {
				rep, err = w.CheckHistory(suite)
			} else {
				rep, err = w.Check(suite, rev)
			}
			if err != nil {
				return err
			}
			rep.Messages.Print(a.stderr, "text")
			if junit != "" {
				// The specs that could not be read are errors in the CI's
				// view too (they were on standard error only, and the
				// file said every check ran clean).
				results := append(slices.Clip(rep.Results), specErrorResults(specErr)...)
				if err := atomic.WriteFile(junit, 0o644, func(w io.Writer) error { return check.WriteJUnit(w, results) }); err != nil {
					return err
				}
			}
			switch {
			case format == "json" && history:
				err = writeJSON(a.stdout, rep.History)
			case format == "json":
				err = writeJSON(a.stdout, rep.Results)
			case history:
				err = check.WriteHistoryText(newTermWriter(a.stdout), rep.History)
			default:
				err = check.WriteText(newTermWriter(a.stdout), rep.Results)
			}
			if err != nil {
				return err
			}
			switch {
			case specErr != nil || rep.Errored():
				return withStatus(ExitError, nil)
			case rep.Failed():
				return withStatus(ExitChanged, nil)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&rev, "rev", "", "revision of each page to check (default latest)")
	cmd.Flags().StringVar(&junit, "junit", "", "also write the results as JUnit XML to this file")
	cmd.Flags().BoolVar(&history, "history", false, "run the checks on every revision and report which edit broke each failing check")
	formatFlag(cmd, &format, "text", "text", "json")
	cf.register(cmd)
	return cmd
}

// specErrorResults are the errors of reading the check specs as results
// of status Error, one per message, for the JUnit file.
func specErrorResults(err error) []check.Result {
	if err == nil {
		return nil
	}
	var msgs model.MsgList
	if !errors.As(err, &msgs) {
		msgs = model.MsgList{{Severity: model.SevError, ID: model.MsgSpec, Text: err.Error()}}
	}
	var out []check.Result
	for _, m := range msgs {
		if m.Severity != model.SevError {
			continue
		}
		where := m.File
		if m.Line > 0 {
			where += ":" + strconv.Itoa(m.Line)
		}
		out = append(out, check.Result{Game: "specs", ID: where, Status: check.Error, Message: m.Text, Spec: where})
	}
	return out
}
