package org.entangle.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The scatter plot marks exactly the Pareto front of each panel, and one dot per passed candidate. */
class ScatterPlotTest {

    @Test
    void marksExactlyTheParetoFront() throws IOException {
        List<Candidate> candidates = RecordedTournament.pool().candidates();
        Random random = new Random(RecordedTournament.SEED + 2);
        System.out.println("plot timings drawn with seed " + (RecordedTournament.SEED + 2));
        double[] times = new double[candidates.size()];
        for (int i = 0; i < times.length; i++) times[i] = 10 + random.nextInt(12);
        Ranking ranking = Ranking.of(RecordedTournament.setting(candidates, times, candidates.get(0).id()));
        String svg = ScatterPlot.svg(ranking);
        List<String> ringed = ids(svg, "pareto");
        List<String> expected = new ArrayList<>();
        ranking.sizeFront().forEach(e -> expected.add(e.id()));
        ranking.depthFront().forEach(e -> expected.add(e.id()));
        assertEquals(expected, ringed);
        long passedNetworks = ranking.rows().stream().filter(r -> !r.entry().library()).count();
        assertEquals(2 * passedNetworks, ids(svg, "point").size());
        for (Entry e : ranking.rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).toList()) {
            boolean dominatedBySize = ranking.rows().stream().map(Ranking.Row::entry).filter(o -> !o.library() && o != e)
                    .anyMatch(o -> o.time() <= e.time() && o.size() <= e.size() && (o.time() < e.time() || o.size() < e.size()));
            assertEquals(!dominatedBySize, ranking.sizeFront().contains(e), e.id());
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ScatterPlot.png(ranking, png);
        byte[] bytes = png.toByteArray();
        assertTrue(bytes.length > 1000 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G');
    }

    private static List<String> ids(String svg, String cssClass) {
        Matcher m = Pattern.compile("class=\"" + cssClass + "\" data-id=\"([^\"]*)\"").matcher(svg);
        List<String> ids = new ArrayList<>();
        while (m.find()) ids.add(m.group(1));
        return ids;
    }
}
