package bot

import (
	"context"

	"github.com/war-room/war-room/internal/doctor"
	"github.com/war-room/war-room/internal/wiring"
)

// doctor answers /war-room doctor: it builds the repository's profiles, probes each with the
// fewest calls that settle what works, and replies with the same table `war-room doctor`
// prints (sanitised for GitHub: Report.Markdown). The calls are real and cost a little, which is why the command needs the same
// permission as starting a session.
func (t *commandThread) doctor(ctx context.Context, cfg *loadedConfig) error {
	ps, err := wiring.Profiles(ctx, cfg.Config, t.d.Getenv, t.d.ProviderHTTP)
	if err != nil {
		t.fail(ctx, classConfiguration, err)
		return nil
	}
	rep := doctor.Run(ctx, ps, doctor.Options{Now: t.d.Now, All: true})
	t.reply(ctx, "### war-room doctor\n\n"+rep.Markdown())
	if rep.OK() {
		t.react(ctx, reactionRocket)
	} else {
		t.react(ctx, reactionConfused)
	}
	return nil
}
