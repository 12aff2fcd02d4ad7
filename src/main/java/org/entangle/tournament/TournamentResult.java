package org.entangle.tournament;

import java.util.List;

/**
 * Everything a GPU tournament measured: the device, when, how it was started, each setting's contenders, and notes
 * (candidates rejected before the run, sources that gave nothing).
 *
 * @param device   the device's description
 * @param date     the UTC date and time of the run
 * @param command  the command line that produced it
 * @param settings the settings, in the order run
 * @param notes    remarks for the report
 */
public record TournamentResult(String device, String date, String command, List<Setting> settings, List<String> notes) {

    public TournamentResult {
        settings = settings == null ? List.of() : List.copyOf(settings);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }
}
