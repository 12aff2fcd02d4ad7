package org.entangle.app.shell;

import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;

/**
 * A panel's tab whose controls are built the first time its tab is selected (or the panel is asked for), so that
 * starting the workbench builds only the panel on screen: class loading, CSS and layout of the other panels wait
 * until the user opens them. Their view-models exist from the start.
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

    /** The panel, built now and put in its tab if it was not yet. */
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
