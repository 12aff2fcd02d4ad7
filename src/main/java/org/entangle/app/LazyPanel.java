package org.entangle.app;

import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;

/**
 * A panel's tab whose controls are built the first time it is shown (or asked for), so that starting the
 * workbench builds only the panel on screen: class loading, CSS and layout of the other panels wait until the
 * user opens them (issue #6: the window within 2 s of {@code java -jar}). Their view-models exist from the start.
 *
 * @param <N> the panel's type
 */
final class LazyPanel<N extends Node> {

    private final Tab tab;
    private final Supplier<N> build;
    private N panel;

    LazyPanel(String name, String title, String tip, Supplier<N> build) {
        this.build = build;
        tab = new Tab(title);
        tab.setTooltip(new Tooltip(tip));
        tab.setId("tab-" + name);
        tab.selectedProperty().addListener((o, a, selected) -> {
            if (selected) get();
        });
    }

    /** The panel, built now if it was not yet. */
    N get() {
        if (panel == null) {
            panel = build.get();
            tab.setContent(panel);
        }
        return panel;
    }

    Tab tab() {
        return tab;
    }
}
