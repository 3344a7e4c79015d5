package bot

import (
	"errors"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// prefOptions are the personal options of /player settings; the bot keeps them per player.
var prefOptions = []string{"quiet", "timezone", "notify", "reminders", "language"}

// setPrefs validates and stores a player's personal settings; without any, it shows them.
func (b *Host) setPrefs(interaction string, in commands.Input) string {
	pr := reader(in)
	p, err := b.store.PlayerSettings(in.User.ID)
	if err != nil {
		b.log.Error("could not read a player's settings", "user", in.User.ID, "err", err)
		return pr.T("prefs_unread", lang.A{"Why": storeProblem(err)})
	}
	for name, v := range in.Options {
		switch name {
		case "quiet":
			if strings.EqualFold(v, "none") || v == "" {
				p.QuietStart, p.QuietEnd = "", ""
				continue
			}
			from, to, ok := strings.Cut(v, "-")
			s, err1 := clock(from)
			e, err2 := clock(to)
			if !ok || err1 != nil || err2 != nil {
				return pr.T("prefs_bad_quiet", lang.A{"Value": game.Echo(v)})
			}
			p.QuietStart, p.QuietEnd = s, e
		case "timezone":
			if _, err := time.LoadLocation(v); err != nil {
				return pr.T("prefs_bad_timezone", lang.A{"Value": game.Echo(v)})
			}
			p.TimeZone = v
		case "notify":
			v = strings.ToLower(v)
			if v != storage.NotifyDM && v != storage.NotifyMention && v != storage.NotifyOff {
				return pr.T("prefs_bad_notify", lang.A{"Value": game.Echo(v)})
			}
			if v == storage.NotifyDM {
				// A DM now finds closed DMs at once, rather than at the player's next turn.
				if err := b.port.DM(in.User.ID, Message{Cause: CauseOf("prefs-dm", interaction), Text: confirmDMText(pr)}); err != nil {
					if errors.Is(err, ErrDMsClosed) {
						return pr.T("prefs_dms_closed", nil)
					}
					b.log.Warn("could not confirm turn DMs", "user", in.User.ID, "err", err)
					return pr.T("prefs_dm_failed", nil)
				}
			}
			p.Notify, p.DMRefused = v, false
		case "reminders":
			on := strings.EqualFold(v, "true") || strings.EqualFold(v, "on")
			if !on && !strings.EqualFold(v, "false") && !strings.EqualFold(v, "off") {
				return pr.T("prefs_bad_reminders", lang.A{"Value": game.Echo(v)})
			}
			p.NoReminders = !on
		case "language":
			if strings.EqualFold(v, "none") || strings.EqualFold(v, "discord") || v == "" {
				p.Language = ""
				continue
			}
			code, ok := lang.Known(v)
			if !ok {
				return pr.T("prefs_bad_language", lang.A{"Value": game.Echo(v), "Codes": strings.Join(lang.Codes(), ", ")})
			}
			p.Language = code
		default:
			return pr.T("prefs_not_personal", lang.A{"Value": game.Echo(name), "Options": strings.Join(prefOptions, ", ")})
		}
	}
	said := "prefs_shown"
	if len(in.Options) > 0 {
		if err := b.store.SetPlayerSettings(in.User.ID, p); err != nil {
			b.log.Error("could not save a player's settings", "user", in.User.ID, "err", err)
			return pr.T("prefs_save_failed", lang.A{"Why": storeProblem(err)})
		}
		said = "prefs_saved"
	}
	// The answer is in the language just chosen.
	pr = ownPrinter(p.Language, in.Locale)
	reminders := pr.T("prefs_on", nil)
	if p.NoReminders {
		reminders = pr.T("prefs_off", nil)
	}
	quietHours := pr.T("prefs_none", nil)
	if p.QuietStart != "" {
		quietHours = p.QuietStart + "-" + p.QuietEnd
	}
	language := pr.T("prefs_discord_language", nil)
	if p.Language != "" {
		language = p.Language
	}
	return pr.T(said, lang.A{"Quiet": quietHours, "Zone": orDefault(p.TimeZone, "UTC"), "Pings": notifyLine(pr, p),
		"Reminders": reminders, "Language": language})
}

// notifyLine says how the player's turns are announced.
func notifyLine(pr *lang.Printer, p storage.Settings) string {
	if p.Notify == storage.NotifyDM && p.DMRefused {
		return pr.T("prefs_dm_refused", nil)
	}
	return orDefault(p.Notify, storage.NotifyMention)
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// clock reads an hour (22) or a time of day (22:30) as "22:30".
func clock(s string) (string, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, ":") {
		s += ":00"
	}
	t, err := time.Parse("15:04", s)
	if err != nil {
		return "", err
	}
	return t.Format("15:04"), nil
}
