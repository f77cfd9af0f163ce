package cli

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/wikirules/wikirules/config"
)

// loadConfig reads the configuration file (--config FILE, or
// wikirules.yaml in the working directory when there is one) and sets
// from it every flag of the command that its command line did not set:
// flags override the file. The file's inputs are read when the command is
// given none (inputs).
func (a *app) loadConfig(cmd *cobra.Command) error {
	path, ok := a.configPath, a.configPath != ""
	if !ok {
		if path, ok = config.Find("."); !ok {
			return nil
		}
	}
	c, err := config.Load(path)
	if err != nil {
		return err
	}
	a.conf = c
	flags := c.Flags()
	var ferr error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		vals, ok := flags[f.Name]
		if !ok || f.Changed || ferr != nil {
			return
		}
		// The file's output is the site's directory: not where extract
		// or export write.
		if f.Name == "output" && cmd.Name() != "build" {
			return
		}
		if sv, isSlice := f.Value.(pflag.SliceValue); isSlice {
			ferr = sv.Replace(vals)
			return
		}
		ferr = f.Value.Set(vals[0])
	})
	return ferr
}

// inputs are the command's inputs: its arguments, or the configuration
// file's inputs when it has none.
func (a *app) inputs(args []string) []string {
	if len(args) == 0 && a.conf != nil && len(a.conf.Inputs) > 0 {
		return a.conf.Inputs
	}
	return args
}

// siteContent is the site's Markdown content directory: --content of the
// build and serve commands, or the configuration's for every other
// command (games' notes may name them).
func (a *app) siteContent() string {
	if a.contentDir != "" {
		return a.contentDir
	}
	if a.conf != nil {
		return a.conf.Content
	}
	return ""
}
