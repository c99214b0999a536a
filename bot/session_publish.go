package bot

import (
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
)

// publisher builds the Discussions publisher for one run. Its state lives in the run's
// store; across runs, markers on GitHub are what keeps publishing idempotent.
func (d *Deps) publisher(cfg *config.Config, store engine.Store) *discussions.Publisher {
	dc := cfg.GitHub.Discussions
	p := discussions.New(discussions.Options{APIURL: d.GitHub.APIURL, GraphQLURL: d.GitHub.GraphQLURL,
		HTTPClient: d.GitHub.HTTP, Login: d.GitHub.Login, State: discussions.RecordState{Store: store},
		Category: dc.Category, Labels: dc.Labels, MutationSpacing: dc.MutationSpacing, DeferredIssues: dc.DeferredIssues})
	p.Warn = func(msg string) { d.log().Warn("discussions: " + msg) }
	return p
}

func discussionsRepo(r Repo) discussions.Repo { return discussions.Repo{Owner: r.Owner, Name: r.Name} }
